import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { database } from "~/db/client";
import { affiliates, affiliateStatuses, staffUsers } from "~/db/schema/customers";
import { outboxInsert } from "~/features/email/outbox.server";
import { localizePath, type Locale } from "~/i18n/config";
import { socialChannels, type AffiliateApplication, type SocialChannel } from "./affiliate-schemas";

/**
 * Affiliate applications (issue 3 item 8 and the review panel of item 16): a shopper applies on the
 * storefront, staff approve or reject in the back office with their id and the time recorded.
 *
 * The affiliates table has no column for social channels yet: they are written at the top of
 * `note` ("Facebook: …" lines, a blank line, then the applicant's own note), which reads well in
 * the back office. See the report to the lead: a `social_channels` column would be cleaner.
 */
export type AffiliateStatus = (typeof affiliateStatuses)[number];

const channelLabels: Record<SocialChannel, string> = { facebook: "Facebook", instagram: "Instagram", line: "LINE", tiktok: "TikTok" };

export function composeAffiliateNote(application: Pick<AffiliateApplication, SocialChannel | "note">): string {
  const lines = socialChannels.filter((key) => application[key] !== "").map((key) => `${channelLabels[key]}: ${application[key]}`);
  return application.note ? `${lines.join("\n")}\n\n${application.note}` : lines.join("\n");
}

export type SubmitApplicationResult = { ok: true; id: number } | { ok: false; reason: "duplicate" };

/**
 * Stores a pending application (linked to the signed-in customer, if any) and its acknowledgement
 * e-mail in the applicant's language — one batch. One open (pending) or approved application per
 * national id: a second gets the "duplicate" answer; a rejected applicant may apply again.
 */
export async function submitAffiliateApplication(
  d1: D1Database,
  application: AffiliateApplication,
  options: { customerId: number | null; locale: Locale; origin: string; now?: number },
): Promise<SubmitApplicationResult> {
  const now = options.now ?? Date.now();
  const db = database(d1);
  const existing = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.nationalId, application.nationalId), inArray(affiliates.status, ["pending", "approved"])))
    .get();
  if (existing) return { ok: false, reason: "duplicate" };
  const [inserted] = await db.batch([
    db
      .insert(affiliates)
      .values({
        customerId: options.customerId,
        firstName: application.firstName,
        lastName: application.lastName,
        email: application.email,
        phone: application.phone,
        nationalId: application.nationalId,
        note: composeAffiliateNote(application),
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: affiliates.id }),
    outboxInsert(
      d1,
      {
        to: application.email,
        locale: options.locale,
        template: "affiliate-received",
        payload: { name: application.firstName, link: `${options.origin}${localizePath(options.locale, "/")}` },
      },
      now,
    ),
  ]);
  return { ok: true, id: inserted[0]!.id };
}

export interface AffiliateApplicationRow {
  id: number;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  nationalId: string;
  note: string;
  status: AffiliateStatus;
  reviewedAt: number | null;
  reviewerName: string | null;
  reviewedByStaffUserId: number | null;
  createdAt: number;
}

const reviewer = alias(staffUsers, "reviewer");

function applicationColumns() {
  return {
    id: affiliates.id,
    customerId: affiliates.customerId,
    firstName: affiliates.firstName,
    lastName: affiliates.lastName,
    email: affiliates.email,
    phone: affiliates.phone,
    nationalId: affiliates.nationalId,
    note: affiliates.note,
    status: affiliates.status,
    reviewedAt: affiliates.reviewedAt,
    reviewerName: reviewer.fullName,
    reviewedByStaffUserId: affiliates.reviewedByStaffUserId,
    createdAt: affiliates.createdAt,
  };
}

/** Applications for the review panel: one status (newest first; pending oldest first, the queue) or all. */
export function listAffiliateApplicationsQuery(d1: D1Database, status: AffiliateStatus | "all", limit = 100) {
  const db = database(d1);
  const query = db.select(applicationColumns()).from(affiliates).leftJoin(reviewer, eq(reviewer.id, affiliates.reviewedByStaffUserId));
  const filtered = status === "all" ? query : query.where(eq(affiliates.status, status));
  return filtered.orderBy(status === "pending" ? sql`${affiliates.createdAt} ASC` : desc(affiliates.createdAt), desc(affiliates.id)).limit(limit);
}

export async function listAffiliateApplications(d1: D1Database, status: AffiliateStatus | "all"): Promise<AffiliateApplicationRow[]> {
  return listAffiliateApplicationsQuery(d1, status);
}

/** A member's own applications (member detail page); a query to put in that page's batch. */
export function memberAffiliateApplicationsQuery(d1: D1Database, customerId: number) {
  return database(d1)
    .select(applicationColumns())
    .from(affiliates)
    .leftJoin(reviewer, eq(reviewer.id, affiliates.reviewedByStaffUserId))
    .where(eq(affiliates.customerId, customerId))
    .orderBy(desc(affiliates.createdAt));
}

export type ReviewResult = { ok: true; name: string } | { ok: false; reason: "not-found" | "already-reviewed" };

/**
 * Approve or reject a pending application, recording who and when. The update only touches a row
 * that is still pending, so two reviewers clicking at once cannot both decide it.
 */
export async function reviewAffiliateApplication(
  d1: D1Database,
  input: { id: number; decision: "approved" | "rejected"; staffUserId: number; now?: number },
): Promise<ReviewResult> {
  const now = input.now ?? Date.now();
  const db = database(d1);
  const updated = await db
    .update(affiliates)
    .set({ status: input.decision, reviewedByStaffUserId: input.staffUserId, reviewedAt: now, updatedAt: now })
    .where(and(eq(affiliates.id, input.id), eq(affiliates.status, "pending")))
    .returning({ firstName: affiliates.firstName, lastName: affiliates.lastName });
  if (updated[0]) return { ok: true, name: `${updated[0].firstName} ${updated[0].lastName}` };
  const exists = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.id, input.id)).get();
  return { ok: false, reason: exists ? "already-reviewed" : "not-found" };
}

export function isAffiliateStatus(value: unknown): value is AffiliateStatus {
  return typeof value === "string" && (affiliateStatuses as readonly string[]).includes(value);
}
