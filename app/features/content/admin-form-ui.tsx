import { clsx } from "clsx";
import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/translation";
import { mediaUrl } from "~/ui/product-card";
import type { GalleryChoice } from "./content-admin.server";

/**
 * Form pieces shared by the back office's content pages: a labelled textarea, a checkbox, a select,
 * a gallery image picker (a plain <select> of gallery images with a preview of the current one, so
 * it works without JavaScript) and a two-column English/Thai row that stacks on phones.
 */
export function TextAreaField({
  name,
  label,
  error,
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> & { name: string; label: string; error?: string; hint?: string }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx("rounded-md border px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary", error ? "border-error" : "border-line")}
        {...textarea}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({ name, label, defaultChecked, error }: { name: string; label: string; defaultChecked: boolean; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} className="size-5 accent-primary" />
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
      </div>
      {error ? (
        <p className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  name,
  label,
  defaultValue,
  options,
  error,
  hint,
}: {
  name: string;
  label: string;
  defaultValue: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={clsx("rounded-md border bg-surface px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary", error ? "border-error" : "border-line")}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Pick an image from the product gallery; the current key stays choosable even if it is not in the gallery. */
export function ImagePicker({
  name,
  label,
  current,
  gallery,
  error,
  optional = true,
}: {
  name: string;
  label: string;
  current: string | null;
  gallery: readonly GalleryChoice[];
  error?: string;
  optional?: boolean;
}) {
  const { t } = useTranslation("contentAdmin");
  const options = [
    ...(optional || !current ? [{ value: "", label: optional ? t("common.noImage") : "—" }] : []),
    ...(current && !gallery.some((image) => image.imageKey === current)
      ? [{ value: current, label: `${t("common.currentImage")}: ${current.split("/").pop()}` }]
      : []),
    ...gallery.map((image) => ({ value: image.imageKey, label: image.fileName })),
  ];
  return (
    <div className="flex items-start gap-3">
      {current ? (
        <img src={mediaUrl(current)} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded border border-line object-cover" />
      ) : (
        <span className="size-16 shrink-0 rounded border border-dashed border-line" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <SelectField
          name={name}
          label={label}
          defaultValue={current ?? ""}
          options={options}
          error={error}
          hint={gallery.length === 0 ? t("common.galleryEmpty") : t("common.galleryHint")}
        />
      </div>
    </div>
  );
}

/** English and Thai side by side on wide screens, one above the other on phones. */
export function BilingualRow({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 md:grid-cols-2">{children}</div>;
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-line bg-surface p-4">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
