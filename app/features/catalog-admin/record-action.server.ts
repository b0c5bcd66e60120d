import { data } from "react-router";

import { optionalRecordId } from "~/features/backoffice/staff-route.server";
import { confirmStep, isConfirmed } from "~/ui/confirm";
import { redirectWithToast } from "~/ui/toast.server";

/**
 * The steps the catalogue's record forms (product, category, product type, attribute) take alike
 * around their own saving: the delete and the way to the saved record.
 */

/** A post to a record's form: the record (null: a new one), its fields and the button that sent it. */
export type CatalogRecordPost = { request: Request; id: number | null; formData: FormData; intent: string };

export async function catalogRecordPost(args: { request: Request; params: { id?: string } }): Promise<CatalogRecordPost> {
  const formData = await args.request.formData();
  return { request: args.request, id: optionalRecordId(args.params.id), formData, intent: String(formData.get("intent") ?? "") };
}

type Deleted<Refused> = { ok: true } | { ok: false; reason: "not-found" } | Refused;

/**
 * A delete from a record's form: asked first without JavaScript (the confirm step), a row gone
 * meanwhile is a 404, a deleted one leads to the list (`listPath`, in the page's language) with a
 * toast; a record still in use stays, with what `refusal` says (`deleteRefusal`, maybe more).
 */
export async function deleteCatalogRecord<Refused extends { ok: false; reason: string }, Refusal extends { deleteRefusal: string }>(
  { request, formData }: CatalogRecordPost,
  listPath: string,
  remove: () => Promise<Deleted<Refused>>,
  refusal: (refused: Refused) => Refusal,
) {
  if (!isConfirmed(formData)) return data({ result: undefined, confirm: confirmStep(formData) });
  const result = await remove();
  if (result.ok) return redirectWithToast(request, listPath, { key: "catalogAdmin:actions.deleted" });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  return data({ result: undefined, ...refusal(result as Refused) }, { status: 400 });
}

/** After a save: the record's form (`formPath`, in the page's language), with "created" or "saved". */
export function savedCatalogRecord(request: Request, formPath: string, isNew: boolean): Response {
  return redirectWithToast(request, formPath, { key: isNew ? "catalogAdmin:actions.created" : "catalogAdmin:actions.saved" });
}
