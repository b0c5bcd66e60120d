import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { affiliates, type affiliateStatuses, staffUsers } from "~/db/schema/customers";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { outboxInsert } from "~/features/email/outbox.server";
import { type Locale, localizePath } from "~/i18n/config";

import type { AffiliateApplicationListQuery } from "./affiliate-application-list";
import { type AffiliateApplication, type SocialChannel, socialChannels } from "./affiliate-schemas";

/**
 * Affiliate applications (issue 3 item 8 and the review panel of item 16): a shopper applies on the
 * storefront, staff approve or reject in the back office with their id and the time recorded.
 */
export type AffiliateStatus = (typeof affiliateStatuses)[number];

/** The channels the applicant filled in, in a fixed order. */
export function socialChannelsOf(application: Pick<AffiliateApplication, SocialChannel>): Partial<Record<SocialChannel, string>> {
  return Object.fromEntries(socialChannels.filter((key) => application[key] !== "").map((key) => [key, application[key]]));
}

function isOpenApplicationConflict(error: unknown): boolean {
  return String((error as { cause?: unknown })?.cause ?? error).includes("affiliates.national_id");
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
  // The partial unique index settles two submissions racing past the check above.
  const written = await db
    .batch([
      db
        .insert(affiliates)
        .values({
          customerId: options.customerId,
          firstName: application.firstName,
          lastName: application.lastName,
          email: application.email,
          phone: application.phone,
          nationalId: application.nationalId,
          socialChannels: socialChannelsOf(application),
          note: application.note,
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
    ])
    .catch((error: unknown) => {
      if (isOpenApplicationConflict(error)) return null;
      throw error;
    });
  if (!written) return { ok: false, reason: "duplicate" };
  return { ok: true, id: written[0][0]!.id };
}

export interface AffiliateApplicationRow {
  id: number;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  nationalId: string;
  socialChannels: Record<string, string>;
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
    socialChannels: affiliates.socialChannels,
    note: affiliates.note,
    status: affiliates.status,
    reviewedAt: affiliates.reviewedAt,
    reviewerName: reviewer.fullName,
    reviewedByStaffUserId: affiliates.reviewedByStaffUserId,
    createdAt: affiliates.createdAt,
  };
}

const applicationSorts = { submitted: affiliates.createdAt, name: sql`lower(${affiliates.firstName} || ' ' || ${affiliates.lastName})` } as const;

/**
 * The review panel's list under its query (app/features/affiliates/affiliate-application-list.tsx):
 * one status — pending when none is given — or all; search by name, e-mail, phone or national id.
 * The default order is the queue's: pending oldest first, the decided newest first.
 */
export async function listAffiliateApplications(d1: D1Database, query: AffiliateApplicationListQuery, scope: ListScope) {
  const db = database(d1);
  const status = query.filters.status ?? "pending";
  const where = and(
    status === "all" ? undefined : eq(affiliates.status, status),
    query.q
      ? or(
          contains(sql`(${affiliates.firstName} || ' ' || ${affiliates.lastName})`, query.q),
          contains(affiliates.email, query.q),
          contains(affiliates.phone, query.q),
          contains(affiliates.nationalId, query.q.replace(/[\s-]/g, "")),
        )
      : undefined,
    scope.ids ? inArray(affiliates.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const order =
    query.sort === "queue"
      ? status === "pending"
        ? asc(affiliates.createdAt)
        : desc(affiliates.createdAt)
      : (query.dir === "asc" ? asc : desc)(applicationSorts[query.sort]);
  const [rows, totals] = await Promise.all([
    db
      .select(applicationColumns())
      .from(affiliates)
      .leftJoin(reviewer, eq(reviewer.id, affiliates.reviewedByStaffUserId))
      .where(where)
      .orderBy(order, desc(affiliates.id))
      .limit(scope.limit)
      .offset(scope.offset),
    db.select({ total: count() }).from(affiliates).where(where),
  ]);
  return { rows: rows as AffiliateApplicationRow[], total: totals[0]?.total ?? 0 };
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
