import { z } from "zod";

import type { Env } from "~/cloudflare";
import { productStatusIds } from "~/domain/catalog";
import { pageCountOf, pageWindowOf, parseListQuery } from "~/domain/list-query";
import { shippingMethodNames, statedDeliveryDays } from "~/domain/shipping";
import { groupsByRole, isStaffRoleId, type MenuGroup, staffRoleNames } from "~/domain/staff-permissions";
import { isEmailRegistered, linkOrigin, signInForApi } from "~/features/accounts/accounts.server";
import { clientAddress, countEmailCheck } from "~/features/accounts/throttle.server";
import {
  carrierSchema,
  categorySchema,
  checkEmailBodySchema,
  convertUsdQuerySchema,
  countOrdersBodySchema,
  countSchema,
  customerSchema,
  displayTypeSchema,
  galleryPageSchema,
  galleryQuerySchema,
  loginBodySchema,
  productStatusSchema,
  revokedSchema,
  shippingTypeSchema,
  siteConfigSchema,
  staffUserSchema,
  statusIdsOf,
  tokenSchema,
} from "~/features/api/api-schemas";
import { listActiveCarriers, listDisplayTypeChoices } from "~/features/api/reference.server";
import { countOrdersByStatuses } from "~/features/backoffice/backoffice.server";
import { listGalleryImages } from "~/features/catalog-admin/gallery.server";
import { galleryListDefinition, galleryPageSize } from "~/features/catalog-admin/gallery-limits";
import { loadStorefrontChrome } from "~/features/content/site.server";
import { getDisplayRates } from "~/features/currency/exchange-rates.server";
import { type ApiPrincipal, revokeApiToken } from "~/features/sessions/api-tokens.server";
import { resources } from "~/i18n/resources";
import { mediaUrl } from "~/ui/media-url";

import { type ApiLocale, dataResponse, errorResponse, statusError, translate } from "./respond";

/**
 * The calls of spec §7 as one table (docs/decisions/0016-json-api.md): path, method, who may call
 * it, what it reads and what it answers. workers/api/app.ts registers them, answers 405 for a known
 * path with another method, and workers/api/openapi.ts documents them — from this same table.
 * Handlers stay thin: the caller is already authenticated and the input parsed; they call the
 * feature function the pages use and return `{ data }`.
 */
export type Access = { kind: "public" } | { kind: "customer" } | { kind: "signed-in" } | { kind: "staff"; group: MenuGroup | null };

export interface CallContext<Body, Query> {
  env: Env;
  executionCtx: Pick<ExecutionContext, "waitUntil">;
  request: Request;
  locale: ApiLocale;
  principal: ApiPrincipal | null;
  body: Body;
  query: Query;
}

export interface ApiRoute<Body = unknown, Query = unknown> {
  method: "GET" | "POST";
  /** Under /api. */
  path: string;
  summary: string;
  access: Access;
  body?: z.ZodType<Body>;
  query?: z.ZodType<Query>;
  answer: z.ZodType;
  /** Statuses besides 200, 400 (when there is a body or query), 401/403 (by access), 404, 500. */
  otherStatuses?: number[];
  handle: (call: CallContext<Body, Query>) => Promise<Response>;
}

function route<Body = undefined, Query = undefined>(definition: ApiRoute<Body, Query>): ApiRoute {
  return definition as unknown as ApiRoute;
}

const throttleSeconds = "900";

function customerOf(call: CallContext<unknown, unknown>) {
  if (call.principal?.kind !== "customer") throw new Error("customer route without a customer");
  return call.principal;
}

function staffOf(call: CallContext<unknown, unknown>) {
  if (call.principal?.kind !== "staff") throw new Error("staff route without a staff user");
  return call.principal;
}

async function login(call: CallContext<z.infer<typeof loginBodySchema>, undefined>, kind: "customer" | "staff") {
  // API clients keep no cookies, so they are never a known device: the per-address and account-wide limits apply.
  const result = await signInForApi(call.env.DB, {
    kind,
    email: call.body.email,
    password: call.body.password,
    clientAddress: clientAddress(call.request),
    device: null,
    origin: linkOrigin(call.env.PUBLIC_ORIGIN, call.request),
  });
  if (!result.ok) {
    return result.reason === "throttled"
      ? statusError(call.locale, 429, { "retry-after": throttleSeconds })
      : errorResponse(401, translate(call.locale, "api:wrongCredentials"));
  }
  return dataResponse({ token: result.token.token, token_type: "Bearer", expires_in: 3600, expires_at: new Date(result.token.expiresAt).toISOString() });
}

export const apiRoutes: readonly ApiRoute[] = [
  route({
    method: "POST",
    path: "/order/countOrderByOrderStatuses",
    summary: "Orders in the given statuses (the back-office sidebar's chip counts ids 1–6 and 10).",
    access: { kind: "staff", group: "orders" },
    body: countOrdersBodySchema,
    answer: countSchema,
    handle: async (call) => dataResponse({ data: await countOrdersByStatuses(call.env.DB, statusIdsOf(call.body)) }),
  }),
  route({
    method: "GET",
    path: "/users/me",
    summary: "The signed-in customer.",
    access: { kind: "customer" },
    answer: customerSchema,
    handle: async (call) => {
      const customer = customerOf(call);
      return dataResponse({
        customer_id: customer.customerId,
        customer_username: customer.email,
        customer_fullname: [customer.firstName, customer.lastName].filter(Boolean).join(" "),
        customer_firstname: customer.firstName,
        customer_lastname: customer.lastName,
        customer_email: customer.email,
        customer_email_verified: customer.emailVerified,
        customer_image: customer.avatarKey ? mediaUrl(customer.avatarKey) : null,
        customer_point: { point: customer.pointsBalance },
      });
    },
  }),
  route({
    method: "GET",
    path: "/users/admin/me",
    summary: "The signed-in staff user, their role and the menu groups it opens.",
    access: { kind: "staff", group: null },
    answer: staffUserSchema,
    handle: async (call) => {
      const staff = staffOf(call);
      return dataResponse({
        admin_id: staff.staffUserId,
        admin_username: staff.email,
        admin_fullname: staff.fullName,
        admin_role_id: staff.roleId,
        admin_role: { admin_role_id: staff.roleId, admin_role_name_en: isStaffRoleId(staff.roleId) ? staffRoleNames[staff.roleId] : "" },
        role: isStaffRoleId(staff.roleId) ? [...groupsByRole[staff.roleId]] : [],
      });
    },
  }),
  route({
    method: "POST",
    path: "/users/login",
    summary: "Customer sign-in: a bearer token valid 3600 s. Throttled like /login.",
    access: { kind: "public" },
    body: loginBodySchema,
    answer: tokenSchema,
    otherStatuses: [401, 429],
    handle: (call) => login(call, "customer"),
  }),
  route({
    method: "POST",
    path: "/users/admin/login",
    summary: "Staff sign-in: a bearer token valid 3600 s. Throttled like /backend/login.",
    access: { kind: "public" },
    body: loginBodySchema,
    answer: tokenSchema,
    otherStatuses: [401, 429],
    handle: (call) => login(call, "staff"),
  }),
  route({
    method: "POST",
    path: "/users/logout",
    summary: "Revokes the bearer token of this request.",
    access: { kind: "signed-in" },
    answer: revokedSchema,
    handle: async (call) => {
      await revokeApiToken(call.env.DB, call.principal!.tokenHash);
      return dataResponse({ revoked: true });
    },
  }),
  route({
    method: "POST",
    path: "/users/checkemail",
    summary: "Whether a customer account has this e-mail (data true when taken). Counted under the sign-in address throttle.",
    access: { kind: "public" },
    body: checkEmailBodySchema,
    answer: z.boolean(),
    otherStatuses: [429],
    handle: async (call) => {
      const { throttled } = await countEmailCheck(call.env.DB, clientAddress(call.request));
      if (throttled) return statusError(call.locale, 429, { "retry-after": throttleSeconds });
      return dataResponse(await isEmailRegistered(call.env.DB, call.body.email));
    },
  }),
  route({
    method: "GET",
    path: "/product_category",
    summary: "Categories of the shop menu (those with a published product), in menu order.",
    access: { kind: "public" },
    answer: z.array(categorySchema),
    handle: async (call) =>
      dataResponse(
        (await loadStorefrontChrome(call.env.DB, null)).categories.map((category) => ({
          product_category_id: category.id,
          product_category_name_th: category.nameTh,
          product_category_name_en: category.nameEn,
        })),
      ),
  }),
  route({
    method: "GET",
    path: "/content/config",
    summary: "The shop's identity, contact details and VAT (what the storefront footer shows).",
    access: { kind: "public" },
    answer: siteConfigSchema,
    handle: async (call) => {
      const site = (await loadStorefrontChrome(call.env.DB, null)).site;
      return dataResponse({
        config_value_vat: String(site.vatPercent),
        config_website_name_en: site.nameEn,
        config_website_name_th: site.nameTh,
        config_website_address_en: site.addressEn,
        config_website_address_th: site.addressTh,
        config_website_phone: site.phone,
        config_website_email: site.email,
        config_website_facebook: site.facebook,
        config_website_instagram: site.instagram,
        config_website_line: site.line,
      });
    },
  }),
  route({
    method: "GET",
    path: "/reference/convert_usd",
    summary: "`money` Baht in US dollars at the stored THB→USD rate (money=1: the rate itself), rounded to 6 decimals.",
    access: { kind: "public" },
    query: convertUsdQuerySchema,
    answer: z.number(),
    handle: async (call) => {
      const { rates } = await getDisplayRates(call.env, call.executionCtx);
      return dataResponse(Math.round(call.query.money * rates.USD * 1e6) / 1e6);
    },
  }),
  route({
    method: "GET",
    path: "/product_type_attribute/display_type",
    summary: 'Attribute display types staff may choose: id 1 dropped, id 3 named "color / Image".',
    access: { kind: "public" },
    answer: z.array(displayTypeSchema),
    handle: async (call) =>
      dataResponse(
        (await listDisplayTypeChoices(call.env.DB)).map((row) => ({
          product_type_attribute_display_type_id: row.id,
          product_type_attribute_display_type_name: row.name,
        })),
      ),
  }),
  route({
    method: "GET",
    path: "/shipping/type",
    summary: "Shipping methods and the delivery time the shop states for them.",
    access: { kind: "public" },
    answer: z.array(shippingTypeSchema),
    handle: async () =>
      dataResponse(
        shippingMethodNames.map((id) => ({
          shipping_type_attribute_display_type_id: id,
          shipping_type_name_en: resources.en.ordersAdmin.methods[id],
          shipping_type_name_th: resources.th.ordersAdmin.methods[id],
          shipping_type_min_days: statedDeliveryDays.min,
          shipping_type_max_days: statedDeliveryDays.max,
        })),
      ),
  }),
  route({
    method: "GET",
    path: "/product/status_list",
    summary: "Product statuses (only published products show in the shop).",
    access: { kind: "public" },
    answer: z.array(productStatusSchema),
    handle: async () =>
      dataResponse(
        Object.values(productStatusIds).map((id) => ({
          product_status_id: id,
          product_status_name_en: resources.en.catalogAdmin.statuses[String(id) as "1"],
          product_status_name_th: resources.th.catalogAdmin.statuses[String(id) as "1"],
        })),
      ),
  }),
  route({
    method: "GET",
    path: "/order/carrier_all",
    summary: "Active carriers; `{tracking}` in order_carrier_tracking_url_template is replaced by a tracking number.",
    access: { kind: "public" },
    answer: z.array(carrierSchema),
    handle: async (call) =>
      dataResponse(
        (await listActiveCarriers(call.env.DB)).map((carrier) => ({
          order_carrier_id: carrier.id,
          order_carrier_code: carrier.code,
          order_carrier_name_en: carrier.nameEn,
          order_carrier_name_th: carrier.nameTh,
          order_carrier_tracking_url_template: carrier.trackingUrlTemplate,
        })),
      ),
  }),
  route({
    method: "GET",
    path: "/product_gallery",
    summary: "One page (newest first) of the product gallery, as /backend/product-gallery lists it.",
    access: { kind: "staff", group: "product-gallery" },
    query: galleryQuerySchema,
    answer: galleryPageSchema,
    handle: async (call) => {
      // The back office's grid query with its defaults (newest first); a page past the end answers the last page.
      const query = parseListQuery(galleryListDefinition, new URLSearchParams());
      const first = await listGalleryImages(call.env.DB, query, pageWindowOf(call.query.page, galleryPageSize));
      const pageCount = pageCountOf(first.total, galleryPageSize);
      const number = Math.min(call.query.page, pageCount);
      const page = {
        ...(number === call.query.page ? first : await listGalleryImages(call.env.DB, query, pageWindowOf(number, galleryPageSize))),
        page: number,
        pageCount,
      };
      return dataResponse({
        items: page.rows.map((row) => ({
          product_gallery_id: row.id,
          product_gallery_url: mediaUrl(row.imageKey),
          product_gallery_file_name: row.fileName,
          product_gallery_content_type: row.contentType,
          product_gallery_byte_size: row.byteSize,
          product_gallery_width: row.width,
          product_gallery_height: row.height,
          product_gallery_uploaded_by: row.uploadedBy,
          product_gallery_created_at: new Date(row.createdAt).toISOString(),
        })),
        total: page.total,
        page: page.page,
        page_count: page.pageCount,
      });
    },
  }),
];
