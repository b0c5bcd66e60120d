import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";

import { type Env, getCloudflare } from "~/cloudflare";
import { defaultCountry, isCountryCode } from "~/domain/address";
import { type DesignProblem, emptyDesign } from "~/domain/custom-design";
import { isEditableDesign, sendKindOf } from "~/domain/custom-order";
import { formatBytes } from "~/domain/format-bytes";
import { type ShippingMethodName, shippingMethodNames } from "~/domain/shipping";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { refuseOwnerOnlyPage } from "~/features/accounts/guards.server";
import { getViewer, viewerOf } from "~/features/accounts/viewer.server";
import type { DesignerData, PrepareResult, SaveDesignResult, UploadResult } from "~/features/designer/designer-types";
import { orderPagePath } from "~/features/payments/order-payment.server";
import { listAddresses } from "~/features/profile/addresses.server";
import { decideAddress, soleZipcode } from "~/features/profile/profile-schemas";
import { createSession, sessionCookie, type Viewer } from "~/features/sessions/sessions.server";
import { thaiAreaOptions, thaiAreas } from "~/features/thai-address/thai-address.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";

import { openGuestDesignLink, quoteDesignOrder, sendDesignForReview, sentDeliveryOfDesign } from "./custom-orders.server";
import { designerProductView, designRules, listActivePresetImages, loadCustomProduct, presetViews } from "./custom-products.server";
import {
  designImageFields,
  type DesignOwner,
  designOwnerOf,
  designPagePath,
  findLatestEditableDesign,
  findOwnDesign,
  listOwnUploads,
  maxDesignImageBytes,
  maxUploadBytes,
  type OwnDesign,
  prepareDesign,
  saveDraft,
  storeUpload,
  uploadUrl,
} from "./designs.server";
import { sendSchema } from "./send-schemas";

/**
 * /custom/select/{id}: the designer (the client-only react-konva canvas, app/features/designer) and,
 * with `?design={id}&step=send`, the send step (delivery details, estimated total, "Send for
 * review"). The route module stays an adapter; this is its loader and action.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } };

/** Print images are rendered at this resolution (ADR 0015). */
export const printDpi = 200;

const idPattern = /^[1-9][0-9]{0,8}$/;
const idOf = (value: string | null | undefined) => (value && idPattern.test(value) ? Number(value) : null);
const noStore = { "Cache-Control": "private, no-store" };

export interface SendFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  country: string;
  province: string;
  city: string;
  suburb: string;
  zipcode: string;
  method: ShippingMethodName;
}

const sendFieldNames = ["email", "firstName", "lastName", "phone", "address", "country", "province", "city", "suburb", "zipcode", "method"] as const;

function formValues(formData: FormData): SendFormValues {
  const values = {} as Record<(typeof sendFieldNames)[number], string>;
  for (const name of sendFieldNames) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 300) : "";
  }
  return { ...values, method: (shippingMethodNames as readonly string[]).includes(values.method) ? (values.method as ShippingMethodName) : "standard" };
}

function areaLists(values: SendFormValues, locale: Locale) {
  return thaiAreaOptions(values.country === "TH" ? values : { province: "", city: "", suburb: "" }, locale);
}

async function sendStepData(
  env: Env,
  viewer: Viewer,
  locale: Locale,
  design: OwnDesign,
  values: SendFormValues,
  result: SubmissionResult<string[]> | undefined,
  message: string | null,
) {
  const country = isCountryCode(values.country.trim().toUpperCase()) ? values.country.trim().toUpperCase() : defaultCountry;
  const quote = await quoteDesignOrder(
    env.DB,
    design.design!,
    design.unitPriceSatang,
    country,
    values.method,
    viewer.kind === "customer" ? viewer.customerId : null,
  );
  const { provinces, districts, subdistricts } = await areaLists(values, locale);
  return {
    designId: design.id,
    designerPath: designPagePath(locale, design.customProductId, design.id),
    kind: sendKindOf(design.status) ?? "submit",
    previews: { front: designImageUrl(locale, design.id, "preview-front"), back: designImageUrl(locale, design.id, "preview-back") },
    quote,
    values,
    lists: { provinces, districts, subdistricts },
    result,
    message,
    signedIn: viewer.kind === "customer",
  };
}

export type SendStepData = Awaited<ReturnType<typeof sendStepData>>;

export function designImageUrl(locale: Locale, designId: number, image: string): string {
  return localizePath(locale, `/custom/design/${designId}/${image}.png`);
}

/** The send step's first values: what the design was sent with before, else the customer's account and first address. */
async function initialSendValues(env: Env, viewer: Viewer, design: OwnDesign): Promise<SendFormValues> {
  const empty: SendFormValues = {
    email: "",
    firstName: "",
    lastName: "",
    phone: "",
    address: "",
    country: defaultCountry,
    province: "",
    city: "",
    suburb: "",
    zipcode: "",
    method: "standard",
  };
  const sent = design.status === "changes_requested" ? await sentDeliveryOfDesign(env.DB, design.id) : null;
  if (sent) return { ...sent, country: sent.country || defaultCountry, method: sent.method === "express" ? "express" : "standard" };
  if (viewer.kind !== "customer") return empty;
  const saved = (await listAddresses(env.DB, viewer.customerId))[0];
  const base = { ...empty, email: viewer.email, firstName: viewer.firstName, lastName: viewer.lastName };
  return saved
    ? {
        ...base,
        firstName: saved.firstName,
        lastName: saved.lastName,
        phone: saved.phone,
        address: saved.address,
        country: saved.country,
        province: saved.province,
        city: saved.city,
        suburb: saved.suburb,
        zipcode: saved.zipcode,
      }
    : base;
}

/** The design the designer opens: the shopper's own one asked for by `?design=`, else their last draft of the product. */
function designToOpen(d1: D1Database, owner: DesignOwner | null, designParam: string | null, product: { id: number } | null): Promise<OwnDesign | null> | null {
  if (designParam !== null) {
    const designId = idOf(designParam);
    return designId === null ? null : findOwnDesign(d1, owner, designId);
  }
  return product ? findLatestEditableDesign(d1, owner, product.id) : null;
}

export async function designerLoader({ request, context, params }: Args) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "custom");
  const tm = getInstance(context).getFixedT(locale, "customMessages");
  const productId = idOf(params.id);
  // The session, the product and the preset images in one D1 round trip (the page reads its viewer late).
  const [viewer, product, presets] = await Promise.all([
    viewerOf(context),
    productId === null ? null : loadCustomProduct(env.DB, productId, { publishedOnly: true }),
    listActivePresetImages(env.DB),
  ]);
  if (viewer.kind === "staff") throw data({ message: tm("errors.staff") }, { status: 403 });
  const url = new URL(request.url);
  const owner = designOwnerOf(viewer);
  const designParam = url.searchParams.get("design");
  // Then the shopper's own rows, together: the design asked for (or the draft to reopen) and the uploads.
  const [design, uploads] = await Promise.all([designToOpen(env.DB, owner, designParam, product), listOwnUploads(env.DB, owner, locale)]);
  if (designParam !== null) {
    const designId = idOf(designParam);
    if (!design && designId !== null) {
      const opened = await openGuestDesignLink(env.DB, request, viewer, designId, locale);
      if (opened) throw opened;
    }
    // Signed out, it may be this shopper's own design (an e-mailed link): sign in and come back.
    if (!design) refuseOwnerOnlyPage({ request, context });
    // Another shopper's design, or one of another product, is as unknown as a missing one.
    if (design.customProductId !== productId) throw data(null, { status: 404 });
  }
  // A design sent for review stays readable (its product may be hidden since); a new one needs a published product.
  const productRecord = product ?? (design ? await loadCustomProduct(env.DB, design.customProductId, { publishedOnly: false }) : null);
  if (!productRecord) throw data(null, { status: 404 });
  const meta = { title: `${localized(productRecord, "name", locale)} — ${t("meta.title")}`, description: t("meta.description") };

  if (design && url.searchParams.get("step") === "send") {
    if (!isEditableDesign(design.status) || !design.design || !design.previewFrontKey) throw redirect(designPagePath(locale, productRecord.id, design.id));
    const values = await initialSendValues(env, viewer, design);
    return data(
      { step: "send" as const, meta, productName: meta.title, send: await sendStepData(env, viewer, locale, design, values, undefined, null), designer: null },
      { headers: noStore },
    );
  }

  const designer: DesignerData = {
    product: designerProductView(productRecord, locale),
    presets: presetViews(presets, locale),
    uploads,
    design: design
      ? {
          id: design.id,
          status: design.status,
          editable: isEditableDesign(design.status),
          design: design.design ?? emptyDesign(productRecord.id),
          reviewMessage: design.reviewMessage,
          updatedAt: design.updatedAt,
        }
      : { id: null, status: "draft", editable: true, design: emptyDesign(productRecord.id), reviewMessage: "", updatedAt: null },
    rules: designRules(productRecord, presets),
    printDpi,
    maxUploadBytes,
    endpoint: localizePath(locale, `/custom/select/${productRecord.id}/designs`),
  };
  return data({ step: "design" as const, meta, productName: meta.title, send: null, designer }, { headers: noStore });
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The problems in words, for the page's language (keys under customMessages:errors.problem). */
export function problemText(translate: unknown, problems: readonly DesignProblem[]): string {
  const t = translate as Translate;
  const words = [...new Set(problems.map((problem) => t(`errors.problem.${problem.code}`)))];
  return t("errors.problems", { problems: words.join("; ") });
}

/** A guest's first save or upload starts their session (like adding to the cart). */
async function ownerFor(env: Env, viewer: Viewer, request: Request, headers: Headers): Promise<DesignOwner> {
  const owner = designOwnerOf(viewer);
  if (owner) return owner;
  const sessionId = await createSession(env.DB, null);
  headers.append("Set-Cookie", sessionCookie(request, sessionId, null));
  return { sessionId };
}

/**
 * The send step's form (POST /custom/select/{id}, intent=send): delivery details → the order in
 * review, then the order's page.
 */
export async function designerAction({ request, context, params }: Args) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const tm = getInstance(context).getFixedT(locale, "customMessages");
  const viewer = getViewer(context);
  const refuse = (status: number, message: string) => data({ ok: false as const, problems: [] as DesignProblem[], message }, { status });
  if (viewer.kind === "staff") return refuse(403, tm("errors.staff"));
  const productId = idOf(params.id);
  if (productId === null) return refuse(404, tm("errors.noProduct"));

  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await request.formData();
  const intent = formData.get("intent");
  const designId = idOf(typeof formData.get("designId") === "string" ? (formData.get("designId") as string) : null);
  const headers = new Headers(noStore);

  const owner = designOwnerOf(viewer);
  if (!owner || designId === null) return refuse(404, tm("errors.notFound"));

  // "area": without JavaScript, the Thai pickers' next list (nothing is sent).
  if (intent === "send" || intent === "area") {
    const design = await findOwnDesign(env.DB, owner, designId);
    if (!design || design.customProductId !== productId || !design.design) return refuse(404, tm("errors.notFound"));
    const thai = await thaiAreas();
    const values = formValues(formData);
    const zipcode = values.zipcode.trim() ? null : soleZipcode(thai, values);
    if (zipcode) {
      formData.set("zipcode", zipcode);
      values.zipcode = zipcode;
    }
    const answer = async (status: number, result: SubmissionResult<string[]> | undefined, message: string | null = null) =>
      data({ step: "send" as const, send: await sendStepData(env, viewer, locale, design, values, result, message) }, { status, headers });
    if (intent === "area") return answer(200, undefined);

    const submission = parseWithZod(formData, { schema: sendSchema });
    if (submission.status !== "success") return answer(400, submission.reply());
    const decided = decideAddress(submission.value, thai);
    if (!decided.ok) return answer(400, submission.reply({ fieldErrors: decided.fieldErrors }));
    const { makeDefault: _, ...address } = decided.address;
    const result = await sendDesignForReview(env.DB, owner, {
      designId,
      email: submission.value.email,
      address,
      method: submission.value.method,
      locale,
      linkOrigin: linkOrigin(env.PUBLIC_ORIGIN, request),
    });
    if (result.ok) return redirect(orderPagePath(locale, result.orderNumber), { headers });
    if (result.reason === "problems") return answer(400, submission.reply(), problemText(tm, result.problems));
    const key = {
      "not-found": "errors.notFound",
      locked: "errors.locked",
      "no-images": "errors.noImages",
      "no-product": "errors.noProduct",
      "no-shipping": "errors.noShipping",
      busy: "errors.busy",
    } as const;
    if (result.reason === "no-images" || result.reason === "locked") throw redirect(designPagePath(locale, productId, designId));
    return answer(result.reason === "busy" ? 503 : 400, submission.reply(), tm(key[result.reason]));
  }

  return refuse(400, tm("errors.invalid"));
}

/**
 * The designer's JSON calls (POST /custom/select/{id}/designs): save, upload, prepare — see
 * app/features/designer/designer-types.ts. JSON both ways, messages in the page's language.
 */
export async function designerApiAction({ request, context, params }: Args) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const tm = getInstance(context).getFixedT(locale, "customMessages");
  const viewer = getViewer(context);
  const refuse = (status: number, message: string) => Response.json({ ok: false, problems: [], message }, { status, headers: noStore });
  if (viewer.kind === "staff") return refuse(403, tm("errors.staff"));
  const productId = idOf(params.id);
  if (productId === null) return refuse(404, tm("errors.noProduct"));

  // Four print images of up to 15 MB each, plus the design: anything far larger is not read.
  if (Number(request.headers.get("content-length") ?? 0) > 4 * maxDesignImageBytes + 256 * 1024) return refuse(413, tm("errors.images"));
  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await request.formData();
  const intent = formData.get("intent");
  const designId = idOf(typeof formData.get("designId") === "string" ? (formData.get("designId") as string) : null);
  const headers = new Headers(noStore);

  if (intent === "save") {
    const json = formData.get("design");
    if (typeof json !== "string") return refuse(400, tm("errors.invalid"));
    const owner = await ownerFor(env, viewer, request, headers);
    const result = await saveDraft(env.DB, owner, { productId, designId, design: json });
    if (result.ok)
      return Response.json({ ok: true, designId: result.designId, savedAt: result.savedAt, warnings: result.warnings } satisfies SaveDesignResult, { headers });
    if (result.reason === "problems")
      return Response.json({ ok: false, problems: result.problems, message: problemText(tm, result.problems) } satisfies SaveDesignResult, {
        status: 400,
        headers,
      });
    return Response.json(
      {
        ok: false,
        problems: [],
        message: tm(result.reason === "locked" ? "errors.locked" : result.reason === "no-product" ? "errors.noProduct" : "errors.notFound"),
      } satisfies SaveDesignResult,
      { status: result.reason === "locked" ? 409 : 404, headers },
    );
  }

  if (intent === "upload") {
    const owner = await ownerFor(env, viewer, request, headers);
    const result = await storeUpload(env, owner, formData.get("file"));
    if (!result.ok)
      return Response.json({ ok: false, message: tm(`errors.upload.${result.problem}`, { max: formatBytes(maxUploadBytes) }) } satisfies UploadResult, {
        status: 400,
        headers,
      });
    return Response.json(
      {
        ok: true,
        upload: {
          key: result.upload.key,
          url: uploadUrl(locale, result.upload.key),
          pixelWidth: result.upload.pixelWidth,
          pixelHeight: result.upload.pixelHeight,
        },
      } satisfies UploadResult,
      { headers },
    );
  }

  const owner = designOwnerOf(viewer);
  if (!owner || designId === null) return refuse(404, tm("errors.notFound"));

  if (intent === "prepare") {
    const json = formData.get("design");
    if (typeof json !== "string") return refuse(400, tm("errors.invalid"));
    const images = Object.fromEntries(designImageFields.map((field) => [field, formData.get(field)])) as Record<(typeof designImageFields)[number], unknown>;
    const result = await prepareDesign(env, owner, { designId, design: json, images });
    if (result.ok)
      return Response.json({ ok: true, location: designPagePath(locale, productId, result.designId, "send") } satisfies PrepareResult, { headers });
    if (result.reason === "problems")
      return Response.json({ ok: false, problems: result.problems, message: problemText(tm, result.problems) } satisfies PrepareResult, {
        status: 400,
        headers,
      });
    const key = { "not-found": "errors.notFound", locked: "errors.locked", "no-product": "errors.noProduct", images: "errors.images" } as const;
    return Response.json({ ok: false, problems: [], message: tm(key[result.reason]) } satisfies PrepareResult, {
      status: result.reason === "locked" ? 409 : result.reason === "images" ? 400 : 404,
      headers,
    });
  }

  return refuse(400, tm("errors.invalid"));
}
