import { CircleAlert, CircleCheck, TriangleAlert } from "lucide-react";
import { clsx } from "clsx";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * Building blocks of the account pages (register, sign-in, password reset, staff sign-in): a card,
 * labelled fields with their error and hint tied by aria-describedby, an alert, a submit button that
 * shows progress. Plain HTML forms: they work before JavaScript loads.
 */
export function AuthCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12" data-testid={testId}>
      <div className="rounded-xl border border-line bg-surface p-6 shadow-sm md:p-8">
        <h1 className="mb-6 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </div>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  optionalText?: string;
};

export function TextField({ name, label, error, hint, optionalText, className, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label} {optionalText ? <span className="font-normal text-ink-muted">{optionalText}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx("rounded-md border px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary", error ? "border-error" : "border-line")}
        {...input}
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

export function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="text-sm text-error" data-testid={`error-${name}`}>
      {error}
    </p>
  );
}

const alertStyles = {
  error: { className: "border-error/40 bg-error/5 text-error", Icon: CircleAlert },
  warning: { className: "border-warning/40 bg-warning/5 text-warning", Icon: TriangleAlert },
  success: { className: "border-success/40 bg-success/5 text-success", Icon: CircleCheck },
} as const;

export function FormAlert({ tone, title, children, testId }: { tone: keyof typeof alertStyles; title?: string; children?: ReactNode; testId?: string }) {
  const { className, Icon } = alertStyles[tone];
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={clsx("mb-4 flex gap-3 rounded-md border p-3", className)}
      data-testid={testId ?? `alert-${tone}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="text-sm">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="text-ink">{children}</div> : null}
      </div>
    </div>
  );
}

/** True while this page's form is being submitted. */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting";
}

export function SubmitButton({
  children,
  pendingText,
  disabled,
  name,
  value,
}: {
  children: ReactNode;
  pendingText: string;
  disabled?: boolean;
  name?: string;
  value?: string;
}) {
  const submitting = useSubmitting();
  return (
    <button type="submit" name={name} value={value} className="btn-primary w-full" disabled={disabled || submitting} aria-disabled={disabled || submitting}>
      {submitting ? pendingText : children}
    </button>
  );
}

/** The outcome of a form action: a success notice and/or a form-level error (nothing when neither). */
export function ActionMessages({ notice, formError }: { notice?: string | null; formError?: string | null }) {
  return (
    <>
      {notice ? (
        <FormAlert tone="success" testId="notice">
          {notice}
        </FormAlert>
      ) : null}
      {formError ? (
        <FormAlert tone="error" testId="form-error">
          {formError}
        </FormAlert>
      ) : null}
    </>
  );
}
