import { useTranslation } from "~/i18n/translation";
import { Badge } from "~/ui/backend/page-parts";

/** Pieces the outbox list and the mail page share: the status badge (tone by what it asks of staff) and a short error. */
const tones = { pending: "warning", sending: "neutral", sent: "success", failed: "error" } as const;

export function OutboxStatusBadge({ status }: { status: keyof typeof tones }) {
  const { t } = useTranslation("outbox");
  return (
    <Badge tone={tones[status] ?? "neutral"} testId="outbox-status">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/** An error message cut to fit a table cell (the whole one is on the mail's page). */
export function shortError(message: string, length = 80): string {
  const oneLine = message.replace(/\s+/g, " ").trim();
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}
