import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";

import type { Translate } from "~/ui/backend/list-columns";
import { confirmStep, type ConfirmStepData, isConfirmed } from "~/ui/confirm";
import { redirectWithToast } from "~/ui/toast.server";

import type { DeleteResult, SaveResult } from "./custom-admin.server";

/** What a customize record's form page hears back when its action does not redirect. */
export interface CustomizeRecordReply {
  result: SubmissionResult<string[]> | undefined;
  /** A refusal that belongs to no field, in the page's language. */
  refusal: string | null;
  /** A delete posted without confirmed=1: the page asks first (no JavaScript). */
  confirm: ConfirmStepData | null;
  deleteRefusal: string | null;
}

const idle: CustomizeRecordReply = { result: undefined, refusal: null, confirm: null, deleteRefusal: null };

/**
 * The action of a customize record's own form page (a custom attribute, an option, a preset
 * image): they differ only in their schema, what deleting and saving do and where each leads. A
 * delete is asked first without JavaScript and refused while designs use the record (`inUseKey`,
 * with its count); an unknown intent is refused; a record gone meanwhile is a 404; a save leads to
 * `savedTo(id)` with "created" or "saved". The route calls `staffRoute` and checks the record
 * exists before this.
 */
export async function customizeRecordAction<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  t: Translate,
  record: {
    schema: Schema;
    /** Null for a new record (nothing to delete). */
    remove: (() => Promise<DeleteResult>) | null;
    inUseKey: string;
    /** Where a delete leads, in the page's language. */
    deletedTo: string;
    save: (value: z.output<Schema>) => Promise<SaveResult>;
    savedTo: (id: number) => string;
    isNew: boolean;
  },
) {
  const intent = formData.get("intent");
  if (intent === "delete" && record.remove) {
    if (!isConfirmed(formData)) return data<CustomizeRecordReply>({ ...idle, confirm: confirmStep(formData) });
    const result = await record.remove();
    if (result.ok) return redirectWithToast(request, record.deletedTo, { key: "customizeAdmin:actions.deleted" });
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data<CustomizeRecordReply>({ ...idle, deleteRefusal: t(record.inUseKey, { count: result.count }) }, { status: 400 });
  }
  if (intent !== "save") return data<CustomizeRecordReply>({ ...idle, refusal: t("validation.unknownAction") }, { status: 400 });
  const submission = parseWithZod(formData, { schema: record.schema });
  if (submission.status !== "success") return data<CustomizeRecordReply>({ ...idle, result: submission.reply() }, { status: 400 });
  const result = await record.save(submission.value);
  if (result.ok)
    return redirectWithToast(request, record.savedTo(result.id), { key: record.isNew ? "customizeAdmin:actions.created" : "customizeAdmin:actions.saved" });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  return data<CustomizeRecordReply>({ ...idle, result: submission.reply({ fieldErrors: result.errors }) }, { status: 400 });
}
