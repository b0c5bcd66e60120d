import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { Form, Link, useLocation } from "react-router";

import { formatDate } from "~/domain/dates";
import { policyKinds } from "~/domain/policies";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { refused, unsaved } from "~/features/content/admin-action.server";
import { listGalleryChoices, listPolicies, savePolicy } from "~/features/content/content-admin.server";
import { policySchema } from "~/features/content/content-admin-schemas";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { PageHeading } from "~/ui/backend/page-parts";
import { RichTextEditor } from "~/ui/backend/rich-text-editor";
import { Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/policy";

/**
 * Policies (spec §2 /backend/Policy — capital P, as the spec spells it; issue 4 item 11), roles 1–2.
 * `?kind=privacy|terms|returns` picks the policy (privacy by default); titles and bodies in both
 * languages, bodies with the rich-text editor, sanitised on save.
 */
type PolicyKind = (typeof policyKinds)[number];

function kindFrom(url: URL): PolicyKind {
  const kind = url.searchParams.get("kind");
  return (policyKinds as readonly string[]).includes(kind ?? "") ? (kind as PolicyKind) : "privacy";
}

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "contentAdmin");
  const [policies, gallery] = await Promise.all([listPolicies(env.DB), listGalleryChoices(env.DB)]);
  const kind = kindFrom(new URL(args.request.url));
  return {
    kind,
    policy: policies.find((policy) => policy.kind === kind) ?? null,
    written: policies.map((policy) => policy.kind),
    gallery,
    meta: { title: title(t("meta.policy")) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "save-policy") return refused("policy", "unknownAction", 400);
  const submission = parseWithZod(formData, { schema: policySchema });
  if (submission.status !== "success") return unsaved("policy", formData, submission);
  const result = await savePolicy(env.DB, submission.value);
  // A body of only markup the sanitiser removes (a lone <script>) is as good as empty.
  if (!result.ok) return unsaved("policy", formData, submission, { refusal: { field: result.field, message: "required" } });
  const page = localizePath(getLocale(args.context) as Locale, `/backend/Policy?kind=${submission.value.kind}`);
  return redirectWithToast(args.request, page, { key: "contentAdmin:policy.saved" });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Policy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { kind, policy, written, gallery } = loaderData;
  const base = localizePath(locale, "/backend/Policy");
  const here = `${base}?kind=${kind}`;
  const [form, fields] = useSchemaForm(policySchema, {
    id: `policy-${kind}-${policy?.updatedAt ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: { kind, titleEn: policy?.titleEn ?? "", titleTh: policy?.titleTh ?? "", bodyEn: policy?.bodyEn ?? "", bodyTh: policy?.bodyTh ?? "" },
  });

  return (
    <FormMessages namespace="contentAdmin">
      <div className="space-y-6" data-testid="policy-page">
        <PageHeading title={t("policy.heading")} intro={t("policy.intro")} />
        <nav aria-label={t("fields.kind")} className="flex flex-wrap gap-2">
          {policyKinds.map((candidate) => (
            <Link
              key={candidate}
              to={`${base}?kind=${candidate}`}
              aria-current={candidate === kind ? "page" : undefined}
              className={clsx(
                "rounded-full border px-3 py-1 text-sm font-semibold",
                candidate === kind ? "border-primary bg-primary text-white" : "border-line bg-surface",
              )}
            >
              {t(`policy.kinds.${candidate}`)}
              {written.includes(candidate) ? null : <span className="font-normal"> · {t("policy.notWritten")}</span>}
            </Link>
          ))}
        </nav>
        {policy ? (
          <p className="text-sm text-ink-muted">
            {t("policy.updated", { when: formatDate(policy.updatedAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
          </p>
        ) : null}
        {/* The kind is a hidden field: its problem is the form's. */}
        <FormErrors form={form} refusal={fields.kind.errors ? t("validation.policyKind") : null} />
        <Form method="post" action={here} className="space-y-4" data-testid="policy-form" key={form.id} {...getFormProps(form)}>
          <input type="hidden" name={fields.kind.name} value={kind} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field meta={fields.titleEn} label={t("fields.titleEn")} />
            <Field meta={fields.titleTh} label={t("fields.titleTh")} lang="th" />
          </div>
          <RichTextEditor meta={fields.bodyEn} label={t("fields.bodyEn")} gallery={gallery} />
          <RichTextEditor meta={fields.bodyTh} label={t("fields.bodyTh")} gallery={gallery} />
          <SubmitButton name="intent" value="save-policy" action={here} testId="save-policy">
            {t("common.save")}
          </SubmitButton>
        </Form>
      </div>
    </FormMessages>
  );
}
