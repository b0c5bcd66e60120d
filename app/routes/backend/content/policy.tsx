import { clsx } from "clsx";
import { Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { policyKinds } from "~/domain/policies";
import { formatDate } from "~/domain/dates";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { textFields } from "~/features/backoffice/form-errors";
import { contentReply, contentTranslator, echoFields, fieldError, zodFieldErrors } from "~/features/content/admin-action.server";
import { BilingualRow } from "~/features/content/admin-form-ui";
import { policySchema } from "~/features/content/content-admin-schemas";
import { listGalleryChoices, listPolicies, savePolicy } from "~/features/content/content-admin.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { PageHeading } from "~/ui/backend/data-table";
import { RichTextEditor } from "~/ui/backend/rich-text-editor";
import type { Route } from "./+types/policy";
import { useSettledKey } from "~/ui/use-settled-key";

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
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const [policies, gallery] = await Promise.all([listPolicies(env.DB), listGalleryChoices(env.DB)]);
  const kind = kindFrom(new URL(args.request.url));
  return {
    kind,
    policy: policies.find((policy) => policy.kind === kind) ?? null,
    written: policies.map((policy) => policy.kind),
    gallery,
    meta: { title: `${i18n.getFixedT(locale, "contentAdmin")("meta.policy")} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = contentTranslator(args.context);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "save-policy") return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });
  const fields = textFields(formData, ["kind", "titleEn", "titleTh", "bodyEn", "bodyTh"]);
  const parsed = policySchema.safeParse(fields);
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error, t);
    // The kind is a hidden field: its problem is the form's.
    return contentReply(400, { form: "policy", errors, formError: errors.kind ?? null, values: echoFields(fields) });
  }
  const result = await savePolicy(env.DB, parsed.data);
  if (!result.ok) return contentReply(400, { form: "policy", errors: fieldError(t, result.field, "required"), values: echoFields(fields) });
  return contentReply(200, { form: "policy", notice: t("policy.saved"), key: Date.now() });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Policy({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("contentAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { kind, policy, written, gallery } = loaderData;
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? {};
  const value = (name: "titleEn" | "titleTh" | "bodyEn" | "bodyTh") => typed[name] ?? policy?.[name] ?? "";
  const base = localizePath(locale, "/backend/Policy");

  return (
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
      <ActionMessages notice={actionData?.notice} formError={actionData?.formError} />
      {policy ? (
        <p className="text-sm text-ink-muted">
          {t("policy.updated", { when: formatDate(policy.updatedAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
        </p>
      ) : null}
      <Form method="post" action={`${base}?kind=${kind}`} className="space-y-4" key={`${kind}-${formKey}`} data-testid="policy-form" noValidate>
        <input type="hidden" name="kind" value={kind} />
        <BilingualRow>
          <TextField name="titleEn" label={t("fields.titleEn")} required maxLength={200} defaultValue={value("titleEn")} error={errors.titleEn} />
          <TextField name="titleTh" label={t("fields.titleTh")} required maxLength={200} defaultValue={value("titleTh")} error={errors.titleTh} lang="th" />
        </BilingualRow>
        <RichTextEditor name="bodyEn" label={t("fields.bodyEn")} defaultValue={value("bodyEn")} error={errors.bodyEn} gallery={gallery} />
        <RichTextEditor name="bodyTh" label={t("fields.bodyTh")} defaultValue={value("bodyTh")} error={errors.bodyTh} gallery={gallery} />
        <button type="submit" name="intent" value="save-policy" className="btn-primary">
          {t("common.save")}
        </button>
      </Form>
    </div>
  );
}
