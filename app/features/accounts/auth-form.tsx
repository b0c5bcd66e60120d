import { Alert } from "~/ui/alert";

/**
 * What is left of the old field kit: the action's outcome as notices, kept only for the back-office
 * list screen not yet on the form kit (orders/exchanges.tsx) — delete this file once nothing
 * imports it. New screens use `Alert` (~/ui/alert), the form kit's `FormErrors` and the toast after
 * a redirect.
 */

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
