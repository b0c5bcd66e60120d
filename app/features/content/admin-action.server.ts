import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { searchGalleryChoices, type GalleryPickerPage } from "~/features/catalog-admin/gallery.server";
import { confirmStep, type ConfirmStepData } from "~/ui/confirm";
import { isImageKey } from "./content-admin-schemas";
import { isPickerIntent, typedValues } from "./content-form";

/**
 * The answers of the content pages' actions that do not end in a redirect (a save redirects with a
 * toast): the form's result for Conform (messages, typed values), the image picker's page for the
 * values sent back, and the no-JavaScript confirm step of a delete. `form` names which form of a
 * page with several (home content: a slide or an area) the result belongs to.
 */
export interface ContentFormReply {
  form: string;
  result: SubmissionResult | undefined;
  picker: GalleryPickerPage | null;
  confirm: ConfirmStepData | null;
}

interface Submitted {
  reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult;
}

/**
 * The picker's page: the chosen image first, then the gallery searched by file name and paged
 * (`imageSearch`, `imagePage` and the `image-search` / `image-page:<n>` intents of the form).
 */
export async function contentImagePicker(d1: D1Database, chosen: unknown, formData?: FormData): Promise<GalleryPickerPage> {
  const text = (name: string) => {
    const value = formData?.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const page = intent.startsWith("image-page:") ? Number(intent.slice("image-page:".length)) : intent === "image-search" ? 1 : Number(text("imagePage"));
  const key = typeof chosen === "string" ? chosen.trim() : "";
  return searchGalleryChoices(d1, {
    query: text("imageSearch"),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    chosenKeys: key !== "" && isImageKey(key) ? [key] : [],
  });
}

/**
 * A form that was not saved: a gallery search or page answers 200 with what was typed; otherwise
 * 400 with the schema's messages, or the server's `refusal` (a slug in use, an unknown image).
 */
export function unsaved(
  form: string,
  formData: FormData,
  submission: Submitted,
  options: { picker?: GalleryPickerPage | null; refusal?: { field: string; message: string } } = {},
) {
  const picker = options.picker ?? null;
  if (isPickerIntent(formData.get("intent"))) return data<ContentFormReply>({ form, result: typedValues(submission), picker, confirm: null });
  const result = options.refusal ? submission.reply({ fieldErrors: { [options.refusal.field]: [options.refusal.message] } }) : submission.reply();
  return data<ContentFormReply>({ form, result, picker, confirm: null }, { status: 400 });
}

/** A delete posted without confirmed=1: nothing changes, the page asks first (no JavaScript). */
export function askFirst(form: string, formData: FormData) {
  return data<ContentFormReply>({ form, result: undefined, picker: null, confirm: confirmStep(formData) });
}

/** A refusal that belongs to no field (an unknown action, a row that is gone), as a form message key. */
export function refused(form: string, key: "unknownAction" | "notFound", status: 400 | 404) {
  return data<ContentFormReply>({ form, result: { status: "error", error: { "": [key] } }, picker: null, confirm: null }, { status });
}
