import type { FieldMetadata } from "@conform-to/react";
import { clsx } from "clsx";
import { Bold, Code, Heading2, Image as ImageIcon, Italic, Link as LinkIcon, List, ListOrdered, Pilcrow, Unlink } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

import { type RichImageSize, richImageSizes, sanitizeRichText } from "~/domain/rich-text";
import { useTranslation } from "~/i18n/translation";
import { useFieldMessage } from "~/ui/form/fields";
import { useHydrated } from "~/ui/use-hydrated";

export interface EditorGalleryImage {
  imageKey: string;
  fileName: string;
}

/**
 * The back office's rich-text field (spec §9). Without JavaScript it is a plain textarea holding
 * HTML, so the form still works. Once hydrated, the textarea is hidden and a contentEditable area
 * with a toolbar edits the same HTML (bold, italic, heading, lists, link, an image from the product
 * gallery, and for a clicked image the widths 50 % / 75 % / original); every change is written
 * back into the textarea, which is what the form posts. The server sanitises on save
 * (app/domain/rich-text.ts); the editor runs the same sanitizer when it loads the HTML, so what
 * staff edit is what will be stored. No dependencies; back-office pages only. A field of the form
 * kit: `meta` is Conform's (the textarea is what Conform reads and validates; its message shows here).
 */
export function RichTextEditor({
  meta,
  label,
  gallery,
  testId,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  gallery: readonly EditorGalleryImage[];
  testId?: string;
}) {
  const { t } = useTranslation("contentAdmin");
  const name = meta.name;
  const defaultValue = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const error = useFieldMessage(meta.errors, label);
  const id = useId();
  const hydrated = useHydrated();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editableRef = useRef<HTMLDivElement>(null);
  const [showSource, setShowSource] = useState(false);
  // The clicked image is a DOM node inside the editable area: kept in a ref, the state only shows the size buttons.
  const selectedImageRef = useRef<HTMLImageElement | null>(null);
  const [imageSelected, setImageSelected] = useState(false);
  const [galleryKey, setGalleryKey] = useState(gallery[0]?.imageKey ?? "");
  const visual = hydrated && !showSource;

  // Load the textarea's HTML into the editable area whenever the visual editor (re)appears.
  useEffect(() => {
    if (!visual || !editableRef.current || !textareaRef.current) return;
    editableRef.current.innerHTML = sanitizeRichText(textareaRef.current.value);
    try {
      document.execCommand("defaultParagraphSeparator", false, "p");
    } catch {
      // Older engines: Enter then makes <div>s, which the sanitizer unwraps.
    }
  }, [visual]);

  const sync = () => {
    if (editableRef.current && textareaRef.current) textareaRef.current.value = editableRef.current.innerHTML;
  };

  const command = (name: string, value?: string) => {
    editableRef.current?.focus();
    document.execCommand(name, false, value);
    sync();
  };

  const addLink = () => {
    const url = window.prompt(t("editor.linkPrompt"), "https://");
    if (url) command("createLink", url);
  };

  const insertImage = () => {
    if (!galleryKey) return;
    const alt = gallery.find((image) => image.imageKey === galleryKey)?.fileName ?? "";
    const html = `<img src="/media/${encodeURI(galleryKey)}" alt="${alt.replace(/[&<>"]/g, "")}" class="rich-image-original">`;
    command("insertHTML", html);
  };

  const resize = (size: RichImageSize) => {
    const image = selectedImageRef.current;
    if (!image) return;
    image.className = `rich-image-${size}`;
    image.style.width = size === "original" ? "" : `${size}%`;
    if (!image.getAttribute("style")) image.removeAttribute("style");
    sync();
  };

  const sizeLabels: Record<RichImageSize, string> = { "50": t("editor.size50"), "75": t("editor.size75"), original: t("editor.sizeOriginal") };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <div className="flex flex-col gap-1" data-testid={testId ?? `editor-${name}`}>
      <label htmlFor={visual ? `${id}-editable` : id} id={`${id}-label`} className="text-sm font-semibold">
        {label}
      </label>
      {hydrated ? (
        <div
          role="toolbar"
          aria-label={t("editor.toolbar")}
          aria-controls={`${id}-editable`}
          className="flex flex-wrap items-center gap-1 rounded-t-md border border-b-0 border-line bg-surface-muted p-1"
        >
          {visual ? (
            <>
              <ToolButton label={t("editor.bold")} onClick={() => command("bold")}>
                <Bold className="size-4" aria-hidden />
              </ToolButton>
              <ToolButton label={t("editor.italic")} onClick={() => command("italic")}>
                <Italic className="size-4" aria-hidden />
              </ToolButton>
              <ToolButton label={t("editor.heading")} onClick={() => command("formatBlock", "<h2>")}>
                <Heading2 className="size-4" aria-hidden />
              </ToolButton>
              <ToolButton label={t("editor.paragraph")} onClick={() => command("formatBlock", "<p>")}>
                <Pilcrow className="size-4" aria-hidden />
              </ToolButton>
              <ToolButton label={t("editor.bulletList")} onClick={() => command("insertUnorderedList")}>
                <List className="size-4" aria-hidden />
              </ToolButton>
              <ToolButton label={t("editor.numberedList")} onClick={() => command("insertOrderedList")}>
                <ListOrdered className="size-4" aria-hidden />
              </ToolButton>
              <ToolButton label={t("editor.link")} onClick={addLink}>
                <LinkIcon className="size-4" aria-hidden />
              </ToolButton>
              <ToolButton label={t("editor.unlink")} onClick={() => command("unlink")}>
                <Unlink className="size-4" aria-hidden />
              </ToolButton>
              {gallery.length > 0 ? (
                <span className="flex items-center gap-1">
                  <select
                    aria-label={t("editor.image")}
                    value={galleryKey}
                    onChange={(event) => setGalleryKey(event.target.value)}
                    className="max-w-40 rounded border border-line bg-surface px-1 py-1 text-sm"
                    data-testid="editor-gallery"
                  >
                    {gallery.map((image) => (
                      <option key={image.imageKey} value={image.imageKey}>
                        {image.fileName}
                      </option>
                    ))}
                  </select>
                  <ToolButton label={t("editor.insertImage")} onClick={insertImage}>
                    <ImageIcon className="size-4" aria-hidden />
                  </ToolButton>
                </span>
              ) : null}
              {imageSelected ? (
                <span
                  role="group"
                  aria-label={t("editor.imageSize")}
                  className="flex items-center gap-1 border-l border-line pl-1"
                  data-testid="editor-image-size"
                >
                  {richImageSizes.map((size) => (
                    <button
                      key={size}
                      type="button"
                      onClick={() => resize(size)}
                      className="rounded px-2 py-1 text-sm font-semibold hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {sizeLabels[size]}
                    </button>
                  ))}
                </span>
              ) : null}
            </>
          ) : null}
          <span className="ml-auto">
            <ToolButton label={showSource ? t("editor.visual") : t("editor.source")} pressed={showSource} onClick={() => setShowSource((value) => !value)}>
              <Code className="size-4" aria-hidden />
              <span className="text-xs">{t("editor.source")}</span>
            </ToolButton>
          </span>
        </div>
      ) : null}
      {visual ? (
        <div
          id={`${id}-editable`}
          ref={editableRef}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={sync}
          onBlur={sync}
          onClick={(event) => {
            selectedImageRef.current = event.target instanceof HTMLImageElement ? event.target : null;
            setImageSelected(selectedImageRef.current !== null);
          }}
          className={clsx(
            "rich-text-editor min-h-48 overflow-auto rounded-b-md border bg-surface px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary",
            "[&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-bold [&_img]:inline-block [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-primary-dark [&_a]:underline",
            "[&_img]:cursor-pointer",
            error ? "border-error" : "border-line",
          )}
          data-testid="editor-editable"
        />
      ) : null}
      <textarea
        id={id}
        ref={textareaRef}
        name={name}
        defaultValue={defaultValue}
        rows={10}
        hidden={visual}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={clsx("rounded-md border px-3 py-2 font-mono text-sm", hydrated && "rounded-t-none", error ? "border-error" : "border-line")}
      />
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {t("editor.hint")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ToolButton({ label, onClick, pressed, children }: { label: string; onClick: () => void; pressed?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      // Keep the selection in the editable area while clicking the toolbar.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex min-h-9 min-w-9 items-center justify-center gap-1 rounded px-1 hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
    >
      {children}
    </button>
  );
}
