import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";

import { type GalleryPickerPage, searchGalleryChoices } from "~/features/catalog-admin/gallery.server";
import { confirmStep, type ConfirmStepData, isConfirmed } from "~/ui/confirm";
import { redirectWithToast } from "~/ui/toast.server";

import { chosenImageKeys } from "./content-admin.server";
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
  return searchGalleryChoices(d1, {
    query: text("imageSearch"),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    chosenKeys: chosenImageKeys(chosen),
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

/** What saving a content entry gives: its id, a row gone meanwhile, or a refusal at one field (a slug in use, an unknown image). */
export type ContentEntrySaveResult =
  { ok: true; id: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "field"; field: string; message: string };

/**
 * The action of a content entry's form page (activity, collection, size guide): the three differ
 * only in their schema, picture field, toasts and what deleting and saving do. A delete is asked
 * first without JavaScript and leads back to the list; an unknown intent is refused; a gallery
 * browse or a form that does not parse answers with the typed values and the picker; a save leads
 * to the entry's page (`savedPath`, below the list). A row gone meanwhile is a 404. The route
 * calls `staffRoute` first and hands over what it needs (the database, the viewer) in `remove`/`save`.
 */
export async function contentEntryAction<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  entry: {
    form: "activity" | "collection" | "size-guide";
    schema: Schema;
    d1: D1Database;
    /** The list's address in the page's language. */
    list: string;
    /** The address of a saved entry below `list`. */
    savedPath: (id: number) => string;
    imageField: string;
    /** "contentAdmin:…" keys of the toasts after a delete and a save. */
    toasts: { deleted: string; saved: string };
    /** Null for a new entry (nothing to delete). */
    remove: (() => Promise<boolean>) | null;
    save: (value: z.output<Schema>) => Promise<ContentEntrySaveResult>;
  },
) {
  const intent = formData.get("intent");
  if (intent === "delete" && entry.remove) {
    if (!isConfirmed(formData)) return askFirst("delete", formData);
    if (!(await entry.remove())) throw data(null, { status: 404 });
    return redirectWithToast(request, entry.list, { key: entry.toasts.deleted });
  }
  if (intent !== "save" && !isPickerIntent(intent)) return refused(entry.form, "unknownAction", 400);
  const submission = parseWithZod(formData, { schema: entry.schema });
  const picker = () => contentImagePicker(entry.d1, formData.get(entry.imageField), formData);
  if (submission.status !== "success" || intent !== "save") return unsaved(entry.form, formData, submission, { picker: await picker() });
  const result = await entry.save(submission.value);
  if (result.ok) return redirectWithToast(request, `${entry.list}${entry.savedPath(result.id)}`, { key: entry.toasts.saved });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  return unsaved(entry.form, formData, submission, { picker: await picker(), refusal: result });
}
