import { clsx } from "clsx";
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

/**
 * LEGACY: the labelled select and text area of the back-office forms written before the form kit.
 * The catalogue no longer uses them; orders and customize forms still do until they move to
 * `~/ui/form/fields` (issue 15), then this file goes. The page pieces that were here (heading, delete
 * panel, thumbnail, new button) are in `~/ui/backend/form-page`.
 */
const control = "rounded-md border px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary";

export function SelectField({
  name,
  label,
  error,
  hint,
  children,
  className,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & { name: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("flex min-w-0 flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(control, "bg-surface", error ? "border-error" : "border-line")}
        {...select}
      >
        {children}
      </select>
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

export function TextAreaField({
  name,
  label,
  error,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> & { name: string; label: string; error?: string }) {
  const id = useId();
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx(control, error ? "border-error" : "border-line")}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
