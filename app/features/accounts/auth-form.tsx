import { clsx } from "clsx";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { Alert } from "~/ui/alert";

/**
 * The old field kit of the account and back-office pages, kept only for the screens not yet on the
 * form kit (app/ui/form): delete this file once nothing imports it. The sign-in pages and the
 * contact form use the form kit, `AuthCard` (./account-form-ui) and `Alert` (~/ui/alert).
 */
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

/** The page-level message, under its old name. */
export const FormAlert = Alert;

/** True while this page's form is being submitted. */
function useSubmitting(): boolean {
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
        <Alert tone="success" testId="notice">
          {notice}
        </Alert>
      ) : null}
      {formError ? (
        <Alert tone="error" testId="form-error">
          {formError}
        </Alert>
      ) : null}
    </>
  );
}
