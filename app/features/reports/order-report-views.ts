import { z } from "zod";

/** The order report's tables (`?by=`), shared by its page (the select) and its loader: per period, then by status, payment method, channel, category or product. */
export const orderReportViews = ["period", "status", "payment", "channel", "category", "product"] as const;
export type OrderReportView = (typeof orderReportViews)[number];

export const orderReportFilters = z.object({ by: z.enum(orderReportViews).nullable().catch(null) });
export type OrderReportFilters = z.infer<typeof orderReportFilters>;
