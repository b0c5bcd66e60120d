import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useRef } from "react";

import { useTranslation } from "~/i18n/translation";
import { Thumbnail } from "~/ui/backend/form-page";
import { FieldError, useFieldMessage } from "~/ui/form/fields";

import type { GalleryPickerPage } from "./gallery.server";

/** The intents of the picker's buttons: the server redraws the form with another page of pictures. */
export const galleryPickerIntents = /^image-(search|page:\d+)$/;

/**
 * The search and pager of the image picker of the product and category forms (issue 14): a file-name search and
 * "newer / older" pages of the gallery, newest first. They are submit buttons of the product form
 * itself (intent `image-search`, `image-page:<n>`), so the action answers the same draft with the
 * next page of images: nothing typed is lost, with or without JavaScript. Enter in the search box
 * searches (with JavaScript; without it Enter is the form's default button).
 */
export function GalleryPickerControls({ picker }: { picker: Pick<GalleryPickerPage, "query" | "page" | "pageCount" | "total"> }) {
  const { t } = useTranslation("catalogAdmin");
  const searchButton = useRef<HTMLButtonElement>(null);
  const pageButton = (page: number, label: string, icon: "prev" | "next") => (
    <button
      type="submit"
      name="intent"
      value={`image-page:${page}`}
      className="btn-ghost border border-line px-3 py-1.5 text-sm"
      data-testid={`image-page-${icon}`}
    >
      {icon === "prev" ? <ChevronLeft className="size-4" aria-hidden /> : null}
      {label}
      {icon === "next" ? <ChevronRight className="size-4" aria-hidden /> : null}
    </button>
  );
  return (
    <div className="mb-4 flex flex-col gap-3" data-testid="image-picker-controls">
      <input type="hidden" name="imagePage" value={picker.page} />
      <div className="flex flex-col gap-1">
        <label htmlFor="image-search" className="text-sm font-semibold">
          {t("products.imageSearch")}
        </label>
        <div className="flex gap-2">
          <input
            id="image-search"
            type="search"
            name="imageSearch"
            defaultValue={picker.query}
            maxLength={100}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              searchButton.current?.click();
            }}
          />
          <button
            ref={searchButton}
            type="submit"
            name="intent"
            value="image-search"
            className="btn-ghost border border-line"
            data-testid="image-search-submit"
          >
            <Search className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("products.imageSearchSubmit")}</span>
          </button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p className="text-ink-muted" role="status" data-testid="image-picker-summary">
          {picker.total === 0 && picker.query
            ? t("products.imageNoMatch", { query: picker.query })
            : t("products.imagePage", { page: picker.page, pages: picker.pageCount, count: picker.total })}
        </p>
        <div className="ml-auto flex gap-2">
          {picker.page > 1 ? pageButton(picker.page - 1, t("products.imageNewer"), "prev") : null}
          {picker.page < picker.pageCount ? pageButton(picker.page + 1, t("products.imageOlder"), "next") : null}
        </div>
      </div>
    </div>
  );
}

/**
 * One picture for a form field (a category's picture): "no picture", the chosen one, then one page
 * of the gallery, as radio buttons with their thumbnails, under the picker's search and pager.
 */
export function GalleryRadioPicker({ meta, label, picker }: { meta: FieldMetadata<string | undefined>; label: string; picker: GalleryPickerPage }) {
  const { t } = useTranslation("catalogAdmin");
  const message = useFieldMessage(meta.errors, label);
  const choices = [{ key: "", fileName: t("actions.noImage") }, ...picker.chosen, ...picker.rows];
  return (
    <fieldset aria-invalid={message ? true : undefined} aria-describedby={message ? meta.errorId : undefined} data-testid="image-picker">
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      <GalleryPickerControls picker={picker} />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {choices.map((image, index) => {
          // "No picture" is the empty value, which Conform leaves unset: its value and check are given here.
          const { key, ...props } =
            image.key === ""
              ? { ...getInputProps(meta, { type: "radio", value: false, ariaAttributes: false }), value: "", defaultChecked: !meta.initialValue }
              : getInputProps(meta, { type: "radio", value: image.key, ariaAttributes: false });
          return (
            <li key={key ?? image.key} data-testid="image-choice">
              <label
                className={clsx(
                  "flex h-full flex-col gap-2 rounded-md border p-2 has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary",
                  "border-line",
                )}
              >
                <Thumbnail imageKey={image.key || null} size={96} alt="" />
                <span className="flex items-center gap-2 text-xs break-all">
                  <input {...props} id={`${meta.id}-${index}`} className="size-4 shrink-0" />
                  {image.fileName}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <FieldError id={meta.errorId} name={meta.name} message={message} />
    </fieldset>
  );
}
