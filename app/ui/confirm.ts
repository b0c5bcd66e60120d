/**
 * The server half of "ask before a destructive action" (issue 14): an action that cancels,
 * refunds, deactivates or deletes first checks `isConfirmed(formData)`. Without `confirmed=1` it
 * changes nothing and answers `{ confirm: confirmStep(formData) }`; the page then renders
 * `<ConfirmStep>` (app/ui/confirm-dialog.tsx), which posts the same fields again with `confirmed=1`.
 * With JavaScript, `<ConfirmButton>` asks in a dialog first and posts `confirmed=1` itself, so the
 * step is only seen without JavaScript. Pure (no server imports): route modules and tests use it.
 */
export const confirmedField = "confirmed";

export interface ConfirmStepData {
  /** The submitted text fields (files are never echoed), to post again with confirmed=1. */
  fields: [string, string][];
}

export function isConfirmed(formData: FormData): boolean {
  return formData.get(confirmedField) === "1";
}

export function confirmStep(formData: FormData): ConfirmStepData {
  const fields: [string, string][] = [];
  for (const [name, value] of formData.entries()) {
    if (name === confirmedField || typeof value !== "string") continue;
    fields.push([name, value]);
  }
  return { fields };
}

/** The value of one field of a pending confirmation (e.g. its intent), or null. */
export function confirmStepValue(step: ConfirmStepData | null | undefined, name: string): string | null {
  return step?.fields.find(([field]) => field === name)?.[1] ?? null;
}
