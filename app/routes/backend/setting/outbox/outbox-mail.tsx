import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useLocation } from "react-router";

import { formatDate } from "~/domain/dates";
import { formatDecimal } from "~/domain/number-format";
import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { isResendable, loadOutboxMail, outboxMailForStaff, queueOutboxCopy, resendOutboxMail } from "~/features/email/outbox-admin.server";
import { outboxMailActionSchema } from "~/features/email/outbox-schemas";
import { OutboxStatusBadge } from "~/features/email/outbox-ui";
import { intlLocale, isLocale, localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FormPageHeading } from "~/ui/backend/form-page";
import { Fact, Panel } from "~/ui/backend/page-parts";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { AnswerErrors } from "~/ui/form/fields";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/outbox-mail";

/**
 * One mail of the outbox (issue 5 item 14), "settings" group (roles 1–2): the mail as its
 * recipient sees it — the HTML in a sandboxed iframe (no scripts, no same origin: whatever a
 * payload holds cannot touch the back office) and the plain text — with its headers and delivery
 * state. A mail the templates cannot render shows its stored data instead; it never fails the page.
 * "Send again now" (intent "resend", pending or failed mails) makes it due at once, attempts kept,
 * and wakes the sender. An unknown or non-numeric id is a 404 inside the back-office frame.
 */
function mailIdFrom(params: { id?: string }): number {
  return requiredRecordId(params.id);
}

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "outbox");
  const mail = await loadOutboxMail(env.DB, mailIdFrom(args.params));
  if (!mail) throw data(null, { status: 404 });
  // Staff see where links point, never their secrets (tokens, guest-order keys): masked everywhere, `.data` included.
  return data({
    ...outboxMailForStaff(mail),
    resendable: isResendable(mail.status),
    meta: { title: title(t("meta.mail", { id: mail.id })) },
  });
}

export async function action(args: Route.ActionArgs) {
  const { env, locale } = staffRoute(args, "outbox");
  const id = mailIdFrom(args.params);
  const here = localizePath(locale, `/backend/setting/outbox/${id}`);
  const submission = parseWithZod(await args.request.formData(), { schema: outboxMailActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: ["unknownAction"] }) }, { status: 400 });
  if (submission.value.intent === "send-copy") {
    const copy = await queueOutboxCopy(env.DB, id);
    if (!copy.ok) throw data(null, { status: 404 });
    return redirectWithToast(args.request, here, { key: "outbox:detail.copied" });
  }
  const result = await resendOutboxMail(env.DB, id);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return data({ result: submission.reply({ formErrors: ["notResendable"] }) }, { status: 409 });
  }
  // Without an e-mail API (locally) the sender does nothing and the mail waits here, as it should.
  return redirectWithToast(args.request, here, { key: "outbox:detail.resent" });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData }) => (loaderData ? [{ text: loaderData.mail.subject }] : []),
} satisfies BreadcrumbHandle<{ mail: { subject: string } }>;

export default function OutboxMail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("outbox");
  const locale = localeFromPathname(useLocation().pathname);
  const { mail, preview, payload, resendable } = loaderData;
  const when = (ms: number | null) => (ms === null ? t("detail.none") : formatDate(ms, locale, { dateStyle: "medium", timeStyle: "medium" }));
  const number = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const here = localizePath(locale, `/backend/setting/outbox/${mail.id}`);
  const due = mail.status === "pending" || mail.status === "sending";
  const [form] = useForm({ id: "outbox-mail-actions", lastResult: actionData?.result });

  return (
    <div className="space-y-6" data-testid="outbox-mail">
      <FormPageHeading
        title={mail.subject || t("meta.mail", { id: mail.id })}
        backTo={localizePath(locale, "/backend/setting/outbox")}
        backLabel={t("detail.back")}
      />
      <AnswerErrors form={form} namespace="outbox" answered={Boolean(actionData?.result)} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Panel title={t("detail.headers")} id="outbox-headers" testId="outbox-headers">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label={t("detail.fields.to")} testId="outbox-to">
                {mail.toAddress}
              </Fact>
              <Fact label={t("detail.fields.subject")}>{mail.subject || t("detail.none")}</Fact>
              <Fact label={t("detail.fields.template")}>
                <code>{mail.template}</code>
              </Fact>
              <Fact label={t("detail.fields.language")}>{isLocale(mail.locale) ? t(`languages.${mail.locale}`) : mail.locale}</Fact>
              <Fact label={t("detail.fields.status")}>
                <OutboxStatusBadge status={mail.status} />
              </Fact>
              <Fact label={t("detail.fields.attempts")} testId="outbox-attempts">
                {number(mail.attempts)}
              </Fact>
              <Fact label={t("detail.fields.created")}>{when(mail.createdAt)}</Fact>
              <Fact label={t("detail.fields.nextAttempt")}>{due ? when(mail.nextAttemptAt) : t("detail.none")}</Fact>
              <Fact label={t("detail.fields.sent")}>{when(mail.sentAt)}</Fact>
              <Fact label={t("detail.fields.lastError")} testId="outbox-last-error" wide>
                {mail.lastError ? <span className="font-mono text-sm font-normal whitespace-pre-wrap text-error">{mail.lastError}</span> : t("detail.none")}
              </Fact>
            </dl>
          </Panel>
        </div>
        <Panel title={t("detail.actions")} id="outbox-actions" testId="outbox-actions">
          <Form method="post" action={here} {...getFormProps(form)}>
            {resendable ? (
              <MailAction hint={t("detail.resendHint")} intent="resend" label={t("detail.resend")} className="btn-primary" testId="outbox-resend" />
            ) : (
              <p className="text-sm text-ink-muted">{t("detail.noActions")}</p>
            )}
            <MailAction
              hint={t("detail.sendCopyHint")}
              intent="send-copy"
              label={t("detail.sendCopy")}
              className="btn-ghost border border-line"
              testId="outbox-send-copy"
              divided
            />
          </Form>
        </Panel>
      </div>

      <p className="text-sm text-ink-muted" data-testid="outbox-secrets-hidden">
        {t("detail.secretsHidden")}
      </p>
      {preview ? (
        <>
          <Panel title={t("detail.html")} id="outbox-html" testId="outbox-html">
            {/* sandbox="" : no scripts, no forms, no same origin — the mail is shown, never run. */}
            <iframe
              title={t("detail.htmlFrame")}
              sandbox=""
              srcDoc={preview.html}
              referrerPolicy="no-referrer"
              className="h-[36rem] max-h-[75vh] w-full rounded-md border border-line bg-white"
              data-testid="outbox-html-frame"
            />
          </Panel>
          <Panel title={t("detail.text")} id="outbox-text" testId="outbox-text">
            <pre className="overflow-x-auto text-sm whitespace-pre-wrap break-words">{preview.text}</pre>
          </Panel>
        </>
      ) : (
        <Panel title={t("detail.payload")} id="outbox-payload" testId="outbox-payload">
          <p className="mb-3 text-sm text-warning" data-testid="outbox-unrenderable">
            {t("detail.unrenderable")}
          </p>
          <pre className="overflow-x-auto rounded-md bg-surface-muted p-3 text-sm whitespace-pre-wrap break-all">{payload}</pre>
        </Panel>
      )}
      {preview ? (
        <details className="rounded-lg border border-line bg-surface p-4">
          <summary className="cursor-pointer font-semibold">{t("detail.payload")}</summary>
          <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap break-all">{payload}</pre>
        </details>
      ) : null}
    </div>
  );
}

/** One of the mail's buttons (they share the page's one form, each posting its intent) with its hint. */
function MailAction({
  hint,
  intent,
  label,
  className,
  testId,
  divided = false,
}: {
  hint: string;
  intent: "resend" | "send-copy";
  label: string;
  className: string;
  testId: string;
  divided?: boolean;
}) {
  return (
    <div className={divided ? "mt-4 space-y-2 border-t border-line pt-4" : "space-y-2"}>
      <p className="text-sm text-ink-muted">{hint}</p>
      <button type="submit" name="intent" value={intent} className={className} data-testid={testId}>
        {label}
      </button>
    </div>
  );
}
