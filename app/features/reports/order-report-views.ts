import { z } from "zod";

/** The order report's tables (`?by=`), shared by its page (the select) and its loader: per period, then by status, payment method, channel, category or product. */
export const orderReportViews = ["period", "status", "payment", "channel", "category", "product"] as const;
export type OrderReportView = (typeof orderReportViews)[number];

/**
 * The product view shows the top {@link topProductsCount} products by sales; `?show=all` lists every
 * product sold, {@link productPageSize} a page (`?page=`): a year can hold thousands of products.
 */
export const topProductsCount = 20;
export const productPageSize = 50;

export const orderReportFilters = z.object({
  by: z.enum(orderReportViews).nullable().catch(null),
  show: z.enum(["all"]).nullable().catch(null),
  page: z.coerce.number().int().min(2).max(100_000).nullable().catch(null),
});
export type OrderReportFilters = z.infer<typeof orderReportFilters>;
