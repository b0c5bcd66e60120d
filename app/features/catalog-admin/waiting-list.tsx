import { formatDate } from "~/domain/dates";
import type { Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import { TableHead } from "~/ui/table-head";

export interface WaitingListView {
  waiting: { id: number; email: string; customerId: number | null; locale: "en" | "th"; createdAt: number }[];
  notified: number;
}

/**
 * Who waits for this variant to come back (issue 20), on the inventory variant page: the open
 * back-in-stock requests, oldest first, and how many were already e-mailed. Each gets one e-mail
 * when the stock rises above 0, through whatever path raises it.
 */
export function WaitingList({ list, locale }: { list: WaitingListView; locale: Locale }) {
  const { t } = useTranslation("inventory");
  // One line per request: on a phone the table scrolls sideways, as the back office's lists do, rather than break an address letter by letter.
  const cell = "px-3 py-2 text-left whitespace-nowrap";
  return (
    <Panel title={`${t("waiting.heading")} (${list.waiting.length})`} id="waiting-heading" testId="waiting-list">
      <p className="mb-3 text-sm text-ink-muted">{t("waiting.intro")}</p>
      {list.waiting.length === 0 ? (
        <p className="text-sm" data-testid="waiting-empty">
          {t("waiting.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <TableHead
              className="border-b border-line"
              cells={[
                [t("waiting.columns.email"), cell],
                [t("waiting.columns.who"), cell],
                [t("waiting.columns.language"), cell],
                [t("waiting.columns.since"), cell],
              ]}
            />
            <tbody>
              {list.waiting.map((row) => (
                <tr key={row.id} className="border-b border-line last:border-0" data-testid="waiting-row">
                  <td className={cell} data-testid="waiting-email">
                    {row.email}
                  </td>
                  <td className={cell}>{row.customerId === null ? t("waiting.guest") : t("waiting.customer", { id: row.customerId })}</td>
                  <td className={cell}>{t(`waiting.languages.${row.locale}`)}</td>
                  <td className={cell}>{formatDate(row.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-sm text-ink-muted" data-testid="waiting-notified" data-count={list.notified}>
        {t("waiting.notified", { count: list.notified })}
      </p>
    </Panel>
  );
}
