import type { Env } from "../app/cloudflare";
import { deleteExpiredAccountRecords } from "../app/features/accounts/housekeeping.server";
import { refreshExchangeRates } from "../app/features/currency/exchange-rates.server";
import { sendPendingEmails } from "../app/features/email/sender.server";
import { cancelExpiredUnpaidOrders } from "../app/features/orders/unpaid-orders.server";
import { rollProductWindows } from "../app/features/reports/report-summary.server";
import { deleteExpiredSessions } from "../app/features/sessions/sessions.server";
import { loadResources } from "../app/i18n/resources";

/** Cron expression (as declared in wrangler.toml [triggers]) → the job it runs. */
export const scheduledJobs: Record<string, (env: Env) => Promise<unknown>> = {
  // Daily: exchange rates (spec: older than 24 h is stale), expired sessions (with guest carts)
  // and expired account bookkeeping (throttle counters, unfinished social sign-ups, old links).
  "17 3 * * *": (env) => Promise.all([refreshExchangeRates(env), deleteExpiredSessions(env.DB), deleteExpiredAccountRecords(env.DB)]),
  // Every 5 minutes: cancel orders unpaid for too long (their stock goes back on sale), then
  // deliver due mails from the e-mail outbox (those cancellations' included) and retry failed ones.
  // Beside them, the order report's rolling windows roll once a new Bangkok day has begun (a read of
  // four rows otherwise): checked here rather than at midnight only, so a missed run is made good
  // five minutes later; until then the report sums those ranges.
  "*/5 * * * *": (env) =>
    Promise.all([
      rollProductWindows(env.DB),
      (async () => {
        await cancelExpiredUnpaidOrders(env);
        return sendPendingEmails(env);
      })(),
    ]),
};

export async function runScheduledJob(cron: string, env: Env): Promise<void> {
  const job = scheduledJobs[cron];
  if (!job) {
    console.error(`No job is scheduled for cron "${cron}"`);
    return;
  }
  // Cancellations queue e-mails and the sweep renders them: both read the strings.
  await loadResources();
  await job(env);
}
