import { clsx } from "clsx";
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";

/**
 * LEGACY: the labelled select of the back-office pages written before the form kit, left only for
 * the list filters of products.tsx and orders/sponsored.tsx; it goes when those lists use the list
 * kit's FilterSelect (`~/ui/backend/list-page`). Forms use `~/ui/form/fields`.
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
