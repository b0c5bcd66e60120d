import { z } from "zod";
import { registerEmailSchema, signInSchema } from "~/features/accounts/account-schemas";
import { isOrderStatusId } from "~/domain/order-status";

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

export const tokenSchema = z
  .object({
    token: z.string().describe("Send as `Authorization: Bearer <token>`."),
    tokenType: z.literal("Bearer"),
    expiresIn: z.literal(3600).describe("Seconds (spec §4, §9)."),
    expiresAt: z.string().describe("ISO 8601, UTC."),
  })
  .meta({ id: "Token" });

export const customerSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    avatarUrl: z.string().nullable(),
    pointsBalance: z.number().int(),
    emailVerified: z.boolean(),
  })
  .meta({ id: "Customer" });

export const staffUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    fullName: z.string(),
    roleId: z.number().int(),
    roleName: z.string(),
    menuGroups: z.array(z.string()).describe("Back-office menu groups this role may open."),
  })
  .meta({ id: "StaffUser" });

export const categorySchema = z.object({ id: z.number().int(), nameEn: z.string(), nameTh: z.string() }).meta({ id: "Category" });

export const siteConfigSchema = z
  .object({
    nameEn: z.string(),
    nameTh: z.string(),
    addressEn: z.string(),
    addressTh: z.string(),
    phone: z.string(),
    email: z.string(),
    facebook: z.string(),
    instagram: z.string(),
    line: z.string(),
    vatPercent: z.number(),
  })
  .meta({ id: "SiteConfig" });

export const displayTypeSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: "DisplayType" });

export const shippingTypeSchema = z
  .object({ id: z.enum(["standard", "express"]), nameEn: z.string(), nameTh: z.string(), minDays: z.number().int(), maxDays: z.number().int() })
  .meta({ id: "ShippingType" });

export const productStatusSchema = z.object({ id: z.number().int(), nameEn: z.string(), nameTh: z.string() }).meta({ id: "ProductStatus" });

export const carrierSchema = z
  .object({ id: z.number().int(), code: z.string(), nameEn: z.string(), nameTh: z.string(), trackingUrlTemplate: z.string() })
  .meta({ id: "Carrier" });

export const galleryPageSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(),
        url: z.string(),
        fileName: z.string(),
        contentType: z.string(),
        byteSize: z.number().int(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
        uploadedBy: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: "GalleryPage" });

export const countSchema = z.object({ data: z.number().int().describe("Orders in the given statuses.") }).meta({ id: "OrderCount" });
export const revokedSchema = z.object({ revoked: z.literal(true) }).meta({ id: "Revoked" });
