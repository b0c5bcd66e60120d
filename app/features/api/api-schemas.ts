import { z } from "zod";

import { isOrderStatusId } from "~/domain/order-status";
import { registerEmailSchema, signInSchema } from "~/features/accounts/account-schemas";

/**
 * Zod schemas of the JSON API (docs/decisions/0016-json-api.md): the request bodies and queries it
 * validates, and the answers it gives. workers/api/openapi.ts turns them into /api/openapi.json, so
 * the document cannot drift from what the handlers check. Sign-in and the e-mail check reuse the
 * pages' schemas (same rules, same messages). Issue messages are keys of the `api` (or, for the
 * reused schemas, `auth`) namespace's `validation`.
 */

export const loginBodySchema = signInSchema.meta({ id: "LoginBody", description: "E-mail (case-insensitive) and password." });
export const checkEmailBodySchema = z.object({ email: registerEmailSchema.shape.email }).meta({ id: "CheckEmailBody" });

const orderStatusCondition = z.object({ order_status_id: z.number().int().refine(isOrderStatusId, "orderStatusIds") });
const orderStatusList = z.array(orderStatusCondition).min(1, "orderStatusIds").max(20, "orderStatusIds");

/**
 * spec §7: "a query holding a list of objects each with order_status_id". Both spellings clients of
 * the original API send are accepted: `{ query: { $or: [...] } }` and `{ query: [...] }`.
 */
export const countOrdersBodySchema = z
  .object({ query: z.union([z.object({ $or: orderStatusList }), orderStatusList], { error: "orderStatusIds" }) })
  .meta({ id: "CountOrdersBody", example: { query: { $or: [1, 2, 3, 4, 5, 6, 10].map((id) => ({ order_status_id: id })) } } });

export function statusIdsOf(body: z.infer<typeof countOrdersBodySchema>): number[] {
  const list = Array.isArray(body.query) ? body.query : body.query.$or;
  return [...new Set(list.map((condition) => condition.order_status_id))];
}

export const convertUsdQuerySchema = z.object({
  money: z.coerce.number({ error: "money" }).min(0, "money").max(1_000_000_000, "money").default(1),
});

export const galleryQuerySchema = z.object({
  page: z.coerce.number({ error: "page" }).int("page").min(1, "page").max(100_000, "page").default(1),
});

// Answers. Every answer is `{ data: … }`; errors are `{ error: { status, message, fields? } }`.
export const errorSchema = z
  .object({
    error: z.object({
      status: z.number().int(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().describe("Per-field messages (400 only)."),
    }),
  })
  .meta({ id: "Error" });

/*
 * Answer field names follow spec §3 where it names them (customer_id, admin_role_id,
 * config_value_vat, product_category_id, order_carrier_id, …): clients written for the original
 * API read those names. Fields the spec does not name take the same snake_case style with the
 * entity's prefix (customer_email, order_carrier_code), so one answer never mixes two styles.
 */
export const tokenSchema = z
  .object({
    token: z.string().describe("Send as `Authorization: Bearer <token>` (spec §7: data.token)."),
    token_type: z.literal("Bearer"),
    expires_in: z.literal(3600).describe("Seconds (spec §4, §9)."),
    expires_at: z.string().describe("ISO 8601, UTC."),
  })
  .meta({ id: "Token" });

export const customerSchema = z
  .object({
    customer_id: z.number().int(),
    customer_username: z.string().describe("The e-mail address the customer signs in with."),
    customer_fullname: z.string(),
    customer_firstname: z.string(),
    customer_lastname: z.string(),
    customer_email: z.string(),
    customer_email_verified: z.boolean(),
    customer_image: z.string().nullable().describe("Avatar URL; null = the default avatar."),
    customer_point: z.object({ point: z.number().int().describe("Points balance, a whole number.") }),
  })
  .meta({ id: "Customer" });

export const staffUserSchema = z
  .object({
    admin_id: z.number().int(),
    admin_username: z.string().describe("The e-mail address the staff user signs in with."),
    admin_fullname: z.string(),
    admin_role_id: z.number().int(),
    admin_role: z.object({ admin_role_id: z.number().int(), admin_role_name_en: z.string() }),
    role: z.array(z.string()).describe("Back-office menu groups this role may open."),
  })
  .meta({ id: "StaffUser" });

export const categorySchema = z
  .object({ product_category_id: z.number().int(), product_category_name_th: z.string(), product_category_name_en: z.string() })
  .meta({ id: "Category" });

export const siteConfigSchema = z
  .object({
    config_value_vat: z.string().describe("The VAT rate in percent, as text (spec §3: the tax rate is the number parsed from it)."),
    config_website_name_en: z.string(),
    config_website_name_th: z.string(),
    config_website_address_en: z.string(),
    config_website_address_th: z.string(),
    config_website_phone: z.string(),
    config_website_email: z.string(),
    config_website_facebook: z.string(),
    config_website_instagram: z.string(),
    config_website_line: z.string(),
  })
  .meta({ id: "SiteConfig" });

export const displayTypeSchema = z
  .object({ product_type_attribute_display_type_id: z.number().int(), product_type_attribute_display_type_name: z.string() })
  .meta({ id: "DisplayType" });

export const shippingTypeSchema = z
  .object({
    shipping_type_attribute_display_type_id: z.enum(["standard", "express"]),
    shipping_type_name_en: z.string(),
    shipping_type_name_th: z.string(),
    shipping_type_min_days: z.number().int(),
    shipping_type_max_days: z.number().int(),
  })
  .meta({ id: "ShippingType" });

export const productStatusSchema = z
  .object({ product_status_id: z.number().int(), product_status_name_en: z.string(), product_status_name_th: z.string() })
  .meta({ id: "ProductStatus" });

export const carrierSchema = z
  .object({
    order_carrier_id: z.number().int(),
    order_carrier_code: z.string(),
    order_carrier_name_en: z.string(),
    order_carrier_name_th: z.string(),
    order_carrier_tracking_url_template: z.string(),
  })
  .meta({ id: "Carrier" });

export const galleryPageSchema = z
  .object({
    items: z.array(
      z.object({
        product_gallery_id: z.number().int(),
        product_gallery_url: z.string(),
        product_gallery_file_name: z.string(),
        product_gallery_content_type: z.string(),
        product_gallery_byte_size: z.number().int(),
        product_gallery_width: z.number().int().nullable(),
        product_gallery_height: z.number().int().nullable(),
        product_gallery_uploaded_by: z.string().nullable(),
        product_gallery_created_at: z.string(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    page_count: z.number().int(),
  })
  .meta({ id: "GalleryPage" });

export const countSchema = z.object({ data: z.number().int().describe("Orders in the given statuses.") }).meta({ id: "OrderCount" });
export const revokedSchema = z.object({ revoked: z.literal(true) }).meta({ id: "Revoked" });
