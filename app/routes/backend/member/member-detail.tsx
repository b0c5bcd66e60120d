import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useLocation } from "react-router";

import { formatDate } from "~/domain/dates";
import { formatDecimal } from "~/domain/number-format";
import { affiliateApplicationsTable } from "~/features/affiliates/affiliate-application-list";
import { loadSectionPage } from "~/features/backoffice/list-page.server";
import { memberLedgerParam, memberLedgerTable, memberOrdersParam, memberOrdersTable } from "~/features/backoffice/member-detail-lists";
import { pointsAdjustmentSchema } from "~/features/backoffice/member-schemas";
import {
  adjustMemberPoints,
  listMemberLedger,
  listMemberOrders,
  loadMemberDetail,
  memberLedgerPageSize,
  memberOrdersPageSize,
} from "~/features/backoffice/members.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import { withAreaNames } from "~/features/thai-address/thai-address.server";
import { intlLocale, localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FormPageHeading } from "~/ui/backend/form-page";
import { ListTable, SectionList } from "~/ui/backend/list-page";
import { Badge, Fact, Panel } from "~/ui/backend/page-parts";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/member-detail";

/**
 * One member (spec §2 /backend/member/detail/{id}; issue 3 item 16), roles 1–3: profile,
 * addresses, the member's affiliate applications, and the orders and points history a page at a
 * time (`?orders=2`, `?points=2`; app/features/backoffice/member-detail-lists.tsx)
 * and a manual points adjustment (intent "adjust-points": ± whole points and a reason; the ledger
 * row and the balance change in one batch; a balance below 0 is a field message and nothing is
 * written; a done adjustment comes back to the page with a toast). An unknown or non-numeric id is a 404 inside the back-office frame; no id at all
 * (/backend/member/detail) redirects to the member list. Order numbers link to the orders.
 */
function customerIdFrom(params: { id?: string }): number {
  const parsed = recordId.safeParse(params.id ?? "");
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader(args: Route.LoaderArgs) {
  const { env, locale, title } = staffRoute(args);
  if (args.params.id === undefined) throw redirect(localizePath(locale, "/backend/member"));
  const customerId = customerIdFrom(args.params);
  // The orders and the points ledger are the URL's customer id's: read with the profile in one round trip (issue 19).
  const [detail, orders, ledger] = await Promise.all([
    loadMemberDetail(env.DB, customerId),
    loadSectionPage(args.request, memberOrdersParam, memberOrdersPageSize, (scope) => listMemberOrders(env.DB, customerId, scope)),
    loadSectionPage(args.request, memberLedgerParam, memberLedgerPageSize, (scope) => listMemberLedger(env.DB, customerId, scope)),
  ]);
  if (!detail) throw data(null, { status: 404 });
  return data({
    ...detail,
    addresses: await withAreaNames(detail.addresses, locale),
    orders,
    ledger,
    meta: { title: title(`${detail.profile.firstName} ${detail.profile.lastName}`) },
  });
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, locale, t } = staffRoute(args, "staff");
  if (args.params.id === undefined) throw redirect(localizePath(locale, "/backend/member"));
  const customerId = customerIdFrom(args.params);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "adjust-points") return data({ result: undefined, refusal: t("validation.unknownAction") }, { status: 400 });

  const submission = parseWithZod(formData, { schema: pointsAdjustmentSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), refusal: null }, { status: 400 });
  const number = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const { delta, reason } = submission.value;
  const result = await adjustMemberPoints(env.DB, { customerId, delta, reason, staffUserId: viewer.staffUserId });
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    // The field says what is wrong; the sentence above the form says by how much (the balance, in the page's digits).
    const refusal = t("member.belowZero", { balance: number(result.balance) });
    return data({ result: submission.reply({ fieldErrors: { delta: ["belowZero"] } }), refusal }, { status: 400 });
  }
  return redirectWithToast(args.request, localizePath(locale, `/backend/member/detail/${customerId}`), {
    key: "staff:member.adjusted",
    values: { balance: number(result.balance) },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData }) => (loaderData ? [{ text: `${loaderData.profile.firstName} ${loaderData.profile.lastName}` }] : []),
} satisfies BreadcrumbHandle<{ profile: { firstName: string; lastName: string } }>;

export default function MemberDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const locale = localeFromPathname(useLocation().pathname);
  const { profile, addresses, orders, ledger, applications } = loaderData;
  const number = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const dateTime = (ms: number) => formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" });
  const name = `${profile.firstName} ${profile.lastName}`;
  const here = localizePath(locale, `/backend/member/detail/${profile.id}`);

  return (
    <div className="space-y-6" data-testid="member-detail">
      <FormPageHeading title={t("member.heading", { name })} backTo={localizePath(locale, "/backend/member")} backLabel={t("member.back")} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Panel title={t("member.profile")} id="profile" testId="member-profile">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label={t("member.email")}>
                {profile.email}{" "}
                <Badge tone={profile.emailVerifiedAt !== null ? "success" : "neutral"}>
                  {profile.emailVerifiedAt !== null ? t("member.verified") : t("member.unverified")}
                </Badge>
              </Fact>
              <Fact label={t("member.phone")}>{profile.phone ?? t("member.none")}</Fact>
              <Fact label={t("member.gender")}>
                {profile.genderId === 1 || profile.genderId === 2 ? t(`member.genders.${profile.genderId}`) : t("member.none")}
              </Fact>
              <Fact label={t("member.birthday")}>{profile.birthday ? formatDate(Date.parse(`${profile.birthday}T12:00:00Z`), locale) : t("member.none")}</Fact>
              <Fact label={t("member.joined")}>{formatDate(profile.createdAt, locale)}</Fact>
              <Fact label={t("member.lastLogin")}>{profile.lastLoginAt !== null ? dateTime(profile.lastLoginAt) : t("member.none")}</Fact>
              <Fact label={t("member.status")}>
                {profile.disabledAt === null ? <Badge tone="success">{t("member.active")}</Badge> : <Badge tone="error">{t("member.disabled")}</Badge>}
              </Fact>
              <Fact label={t("member.points")} testId="points-balance">
                <span className="text-2xl tabular-nums" data-testid="value">
                  {number(profile.pointsBalance)}
                </span>
              </Fact>
            </dl>
          </Panel>
        </div>

        <Panel title={t("member.adjustHeading")} id="adjust" testId="adjust-points">
          <p className="mb-3 text-sm text-ink-muted">{t("member.adjustIntro")}</p>
          {/* A new ledger row (a done adjustment) starts the form afresh. */}
          <AdjustForm key={ledger.total} action={here} lastResult={actionData?.result} refusal={actionData?.refusal ?? null} />
        </Panel>
      </div>

      <Panel title={t("member.addresses")} id="addresses" testId="member-addresses">
        {addresses.length === 0 ? (
          <p className="text-ink-muted">{t("member.addressesEmpty")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {addresses.map((address) => (
              <li key={address.id} className="rounded-md border border-line p-3 text-sm">
                <p className="font-semibold">
                  {address.firstName} {address.lastName} {address.isDefault ? <Badge tone="success">{t("member.defaultAddress")}</Badge> : null}
                </p>
                <p>{address.address}</p>
                <p>{[address.areaNames.suburb, address.areaNames.city, address.areaNames.province, address.zipcode].filter(Boolean).join(", ")}</p>
                <p>
                  {address.country} · {address.phone}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <SectionList
        {...memberOrdersTable}
        list={orders}
        title={`${t("member.orders")} (${number(orders.total)})`}
        panelTestId="member-orders"
        empty={t("member.ordersEmpty")}
      />

      <SectionList {...memberLedgerTable} list={ledger} title={t("member.ledger")} panelTestId="member-ledger" empty={t("member.ledgerEmpty")} />

      <Panel title={t("member.applications")} id="applications" testId="member-applications">
        <ListTable {...affiliateApplicationsTable} rows={applications} caption={t("member.applications")} empty={t("member.applicationsEmpty")} />
      </Panel>
    </div>
  );
}

function AdjustForm({ action, lastResult, refusal }: { action: string; lastResult: SubmissionResult<string[]> | undefined; refusal: string | null }) {
  const { t } = useTranslation("staff");
  const [form, fields] = useSchemaForm(pointsAdjustmentSchema, { id: "adjust-points", lastResult });
  return (
    <FormMessages namespace="staff">
      <FormErrors form={form} refusal={refusal} />
      <Form method="post" action={action} className="flex flex-col gap-3" data-testid="adjust-form" {...getFormProps(form)}>
        <Field meta={fields.delta} label={t("fields.delta")} inputMode="numeric" pattern="[+\-−]?[0-9,]+" />
        <Field meta={fields.reason} label={t("fields.reason")} />
        <SubmitButton name="intent" value="adjust-points" action={action}>
          {t("member.adjustSubmit")}
        </SubmitButton>
      </Form>
    </FormMessages>
  );
}
