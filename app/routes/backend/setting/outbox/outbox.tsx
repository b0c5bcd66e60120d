import { emailStatuses } from "~/domain/email-status";
import { staffListLoader } from "~/features/backoffice/list-page.server";
import { listOutbox } from "~/features/email/outbox-admin.server";
import { outboxListDefinition, outboxListSpec } from "~/features/email/outbox-list";
import { useTranslation } from "~/i18n/translation";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/outbox";

/**
 * The e-mail outbox (DESIGN §5 "locally the outbox is the mailbox"; issue 5 item 14), "settings"
 * group (roles 1–2): every mail the shop wrote, newest first, with its delivery state — the
 * back-office list pattern (status tabs, search on address or subject, sort, pages, CSV at
 * ./export.csv, print view). Each row opens the mail (outbox-mail.tsx).
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "outbox", "meta.list", { definition: outboxListDefinition, fetch: listOutbox });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Outbox({ loaderData: { list } }: Route.ComponentProps) {
  const { t } = useTranslation("outbox");
  return (
    <RecordList
      spec={outboxListSpec}
      list={list}
      tabs={{
        name: "status",
        label: t("list.filter"),
        testId: "outbox-filter",
        tabTestId: "outbox-status",
        tabs: [null, ...emailStatuses].map((status) => ({ value: status, label: t(`statuses.${status ?? "all"}`) })),
      }}
    />
  );
}
