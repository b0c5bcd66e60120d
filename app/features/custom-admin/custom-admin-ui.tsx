import { useId } from "react";
import { Thumbnail } from "~/ui/backend/form-page";
import { useTranslation } from "~/i18n/translation";

/**
 * Pieces the custom-product admin pages add to the catalogue's form kit
 * (catalog-admin/catalog-admin-ui.tsx): a picture upload with the current picture, a checkbox,
 * Baht formatting. Plain HTML: the forms work before JavaScript loads.
 */
export function formatBaht(satang: number, locale: string): string {
  return new Intl.NumberFormat(locale === "th" ? "th-TH" : "en-GB", { style: "currency", currency: "THB", currencyDisplay: "narrowSymbol" }).format(
    satang / 100,
  );
}

export function ImageUploadField({
  name,
  label,
  currentKey,
  error,
  required,
}: {
  name: string;
  label: string;
  currentKey: string | null;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation("customizeAdmin");
  const id = useId();
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Thumbnail imageKey={currentKey} size={64} alt={currentKey ? t("actions.currentImage") : ""} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <input
          id={id}
          type="file"
          name={name}
          accept="image/png,image/jpeg,image/gif,image/bmp,image/webp"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className="w-full max-w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface-muted file:px-3 file:py-1.5"
          data-testid={`file-${name}`}
        />
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {t("actions.uploadHint")}
        </p>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-error" data-testid={`error-${name}`}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function CheckboxField({ name, label, defaultChecked, testId }: { name: string; label: string; defaultChecked: boolean; testId?: string }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="size-4" data-testid={testId} />
      {label}
    </label>
  );
}

/** A submit button's intent: "move-up:12" → { name: "move-up", id: 12 }. */
export function splitIntent(raw: string): { name: string; id: number | null } {
  const match = /^([a-z-]{1,40})(?::([1-9]\d{0,9}))?$/.exec(raw);
  if (!match) return { name: "", id: null };
  return { name: match[1]!, id: match[2] === undefined ? null : Number(match[2]) };
}
