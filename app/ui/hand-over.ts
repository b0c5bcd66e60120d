import { defaultOption, type HeldSubmit } from "./deferred-part";

/**
 * What the shopper did in a deferred or kept part's server HTML, carried into the live part that
 * replaces it (app/ui/deferred-part.tsx). Loaded with the part's own code, never with the page: the
 * hand-over happens only when that code has arrived.
 */
export interface HandOver {
  open: boolean;
  focusedName: string | null;
  values: FieldState[];
}

/** A named field the shopper changed: its value, whether it is ticked (checkboxes, radios) or its files. */
type FieldState = { name: string; value: string; checked?: boolean; files?: FileList };

const changeableFields = "input[name]:not([type=hidden]), select[name], textarea[name]";

export function handOverOf(node: HTMLElement): HandOver {
  const focused = document.activeElement;
  return {
    open: node.querySelector("dialog")?.open ?? false,
    focusedName: focused && node.contains(focused) ? focused.getAttribute("name") : null,
    values: [...node.querySelectorAll(changeableFields)].flatMap((field): FieldState[] => {
      if (field instanceof HTMLSelectElement) return field.value !== defaultOption(field) ? [{ name: field.name, value: field.value }] : [];
      if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue ? [{ name: field.name, value: field.value }] : [];
      if (!(field instanceof HTMLInputElement)) return [];
      if (field.type === "checkbox" || field.type === "radio")
        return field.checked !== field.defaultChecked ? [{ name: field.name, value: field.value, checked: field.checked }] : [];
      if (field.type === "file") return field.files?.length ? [{ name: field.name, value: "", files: field.files }] : [];
      return field.value !== field.defaultValue ? [{ name: field.name, value: field.value }] : [];
    }),
  };
}

/** The server's HTML was replaced while the shopper used it: the new part gets what was typed, ticked or chosen, the open dialog and the focus. */
export function takeOver({ open, focusedName, values }: HandOver, container: HTMLElement | null) {
  if (!container) return;
  for (const { name, value, checked, files } of values) {
    const candidates = [...container.querySelectorAll(`[name="${CSS.escape(name)}"]`)];
    const field = checked === undefined ? candidates[0] : candidates.find((candidate) => candidate instanceof HTMLInputElement && candidate.value === value);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)) continue;
    // Through the native setters and the events the shopper's change fired, so the form's handlers see
    // it (the currency menu submits on change; a form kit's field state follows input events).
    if (field instanceof HTMLInputElement && checked !== undefined) {
      if (field.checked === checked) continue;
      field.checked = checked;
    } else if (field instanceof HTMLInputElement && files) {
      field.files = files;
    } else {
      if (field.value === value) continue;
      const prototype = Object.getPrototypeOf(field) as typeof HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
    }
    if (!(field instanceof HTMLSelectElement)) field.dispatchEvent(new Event("input", { bubbles: true }));
    if (field instanceof HTMLSelectElement || checked !== undefined || files) field.dispatchEvent(new Event("change", { bubbles: true }));
  }
  const dialog = container instanceof HTMLDialogElement ? container : container.querySelector("dialog");
  if (open && dialog && !dialog.open) dialog.showModal();
  if (focusedName) container.querySelector<HTMLElement>(`[name="${CSS.escape(focusedName)}"]`)?.focus();
}

export function resubmit({ formId, submitterIndex }: HeldSubmit, container: HTMLElement) {
  // The form sent, or the one that replaced it (the page moved to another variant meanwhile).
  const forms = container.querySelectorAll("form");
  const form = container.querySelector(`form#${CSS.escape(formId)}`) ?? (forms.length === 1 ? forms[0] : null);
  if (!(form instanceof HTMLFormElement)) return;
  const submitter = form.querySelectorAll("button, input[type=submit]")[submitterIndex];
  form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
}
