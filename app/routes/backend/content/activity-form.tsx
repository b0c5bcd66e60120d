import { ArrowLeft } from "lucide-react";
import { useId, useState } from "react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { textFields } from "~/features/backoffice/form-errors";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import { deleteActivity, findActivity, saveActivity } from "~/features/content/activities-admin.server";
import { contentReply, contentTranslator, echoFields, fieldError, zodFieldErrors } from "~/features/content/admin-action.server";
import { BilingualRow, FormSection, ImagePicker, TextAreaField } from "~/features/content/admin-form-ui";
import { activitySchema } from "~/features/content/content-admin-schemas";
import { listGalleryChoices } from "~/features/content/content-admin.server";
import { epochToShopLocal } from "~/features/content/shop-local-time";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { PageHeading, Panel } from "~/ui/backend/data-table";
import { RichTextEditor } from "~/ui/backend/rich-text-editor";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import type { Route } from "./+types/activity-form";
import { useSettledKey } from "~/ui/use-settled-key";
import { DeleteForm } from "~/ui/backend/form-page";
import { isConfirmed, confirmStep } from "~/ui/confirm";

/**
 * Create (/backend/home/activities/form) or edit (/backend/home/activities/form/:id) an activity
 * (issue 4 item 11): slug, titles, summaries, rich-text bodies in both languages, a cover from the
 * product gallery, and publication (draft, now, or scheduled in Bangkok time). Saving a new one
 * leads to its edit page; deleting leads back to the list. Bodies are sanitised on save.
 */
const fieldNames = ["slug", "titleEn", "titleTh", "summaryEn", "summaryTh", "bodyEn", "bodyTh", "coverImageKey", "publish", "publishAt"] as const;

function activityIdFrom(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const parsed = recordId.safeParse(params.id);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const t = i18n.getFixedT(locale, "contentAdmin");
  const id = activityIdFrom(args.params);
  const [activity, gallery] = await Promise.all([id === null ? null : findActivity(env.DB, id), listGalleryChoices(env.DB)]);
  if (id !== null && !activity) throw data(null, { status: 404 });
  const title = activity ? (locale === "th" ? activity.titleTh : activity.titleEn) : t("meta.newActivity");
  return {
    activity,
    gallery,
    saved: new URL(args.request.url).searchParams.get("saved") === "1",
    now: Date.now(),
    meta: { title: `${title} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = contentTranslator(args.context);
  const id = activityIdFrom(args.params);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const list = localizePath(getLocale(args.context) as Locale, "/backend/home/activities");

  if (intent === "delete" && id !== null) {
    if (!isConfirmed(formData)) return contentReply(200, { form: "delete", confirm: confirmStep(formData) });
    if (!(await deleteActivity(env.DB, id))) throw data(null, { status: 404 });
    return redirect(`${list}?deleted=1`);
  }
  if (intent !== "save") return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });

  const fields = textFields(formData, fieldNames);
  const parsed = activitySchema.safeParse(fields);
  if (!parsed.success) return contentReply(400, { form: "activity", errors: zodFieldErrors(parsed.error, t), values: echoFields(fields) });
  const result = await saveActivity(env.DB, id, parsed.data, viewer.staffUserId);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return contentReply(400, { form: "activity", errors: fieldError(t, result.field, result.message), values: echoFields(fields) });
  }
  if (id === null) return redirect(`${list}/form/${result.id}?saved=1`);
  return contentReply(200, { form: "activity", notice: t("activities.saved"), key: Date.now() });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData, t }) => [{ text: loaderData?.activity ? loaderData.activity.slug : t("contentAdmin:meta.newActivity") }],
} satisfies BreadcrumbHandle<{ activity: { slug: string } | null }>;

function PublishChoice({ defaultMode, defaultAt, error }: { defaultMode: string; defaultAt: string; error?: string }) {
  const { t } = useTranslation("contentAdmin");
  const id = useId();
  const [mode, setMode] = useState(defaultMode);
  const options = [
    { value: "draft", label: t("activities.publishDraft") },
    { value: "now", label: t("activities.publishNow") },
    { value: "schedule", label: t("activities.publishSchedule") },
  ];
  return (
    <fieldset className="space-y-2" data-testid="publish-choice">
      <legend className="text-sm font-semibold">{t("fields.publish")}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              name="publish"
              value={option.value}
              defaultChecked={defaultMode === option.value}
              onChange={() => setMode(option.value)}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <label htmlFor={id} className="text-sm font-semibold">
          {t("fields.publishAt")}
        </label>
        <input
          id={id}
          type="datetime-local"
          name="publishAt"
          defaultValue={defaultAt}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          className="rounded-md border border-line px-3 py-2 disabled:opacity-50"
          // Without JavaScript the field stays usable; the server ignores it unless "scheduled" is chosen.
          readOnly={mode !== "schedule"}
        />
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {t("activities.publishHint")}
        </p>
        {error ? (
          <p className="text-sm text-error" data-testid="error-publishAt">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

export default function ActivityForm({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("contentAdmin");
  const { pathname: here } = useLocation();
  const locale = localeFromPathname(here);
  const list = localizePath(locale, "/backend/home/activities");
  const { activity, gallery, saved, now } = loaderData;
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? {};
  const stored: Record<string, string> = activity
    ? {
        slug: activity.slug,
        titleEn: activity.titleEn,
        titleTh: activity.titleTh,
        summaryEn: activity.summaryEn,
        summaryTh: activity.summaryTh,
        bodyEn: activity.bodyEn,
        bodyTh: activity.bodyTh,
        coverImageKey: activity.coverImageKey ?? "",
        publish: activity.publishedAt === null ? "draft" : activity.publishedAt > now ? "schedule" : "now",
        publishAt: epochToShopLocal(activity.publishedAt),
      }
    : { publish: "draft" };
  const value = (name: (typeof fieldNames)[number]) => typed[name] ?? stored[name] ?? "";
  const notice = actionData?.notice ?? (saved && !actionData ? t("activities.saved") : null);

  return (
    <div className="space-y-6" data-testid="activity-form-page">
      <PageHeading title={activity ? t("activities.editHeading") : t("activities.create")}>
        <Link to={list} className="btn-ghost">
          <ArrowLeft className="size-4" aria-hidden />
          {t("common.back")}
        </Link>
      </PageHeading>
      <ActionMessages notice={notice} formError={actionData?.formError} />
      <Form method="post" className="space-y-6" key={formKey} data-testid="activity-form" noValidate>
        <FormSection title={t("meta.activity")}>
          <TextField
            name="slug"
            label={t("fields.slug")}
            required
            maxLength={80}
            defaultValue={value("slug")}
            error={errors.slug}
            autoCapitalize="none"
            spellCheck={false}
          />
          <BilingualRow>
            <TextField name="titleEn" label={t("fields.titleEn")} required maxLength={200} defaultValue={value("titleEn")} error={errors.titleEn} />
            <TextField name="titleTh" label={t("fields.titleTh")} required maxLength={200} defaultValue={value("titleTh")} error={errors.titleTh} lang="th" />
          </BilingualRow>
          <BilingualRow>
            <TextAreaField name="summaryEn" label={t("fields.summaryEn")} maxLength={500} defaultValue={value("summaryEn")} error={errors.summaryEn} />
            <TextAreaField
              name="summaryTh"
              label={t("fields.summaryTh")}
              maxLength={500}
              defaultValue={value("summaryTh")}
              error={errors.summaryTh}
              lang="th"
            />
          </BilingualRow>
          <ImagePicker
            name="coverImageKey"
            label={t("fields.coverImageKey")}
            current={value("coverImageKey") || null}
            gallery={gallery}
            error={errors.coverImageKey}
          />
          <PublishChoice defaultMode={value("publish") || "draft"} defaultAt={value("publishAt")} error={errors.publishAt ?? errors.publish} />
        </FormSection>
        <RichTextEditor name="bodyEn" label={t("fields.bodyEn")} defaultValue={value("bodyEn")} error={errors.bodyEn} gallery={gallery} />
        <RichTextEditor name="bodyTh" label={t("fields.bodyTh")} defaultValue={value("bodyTh")} error={errors.bodyTh} gallery={gallery} />
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save-activity">
          {t("common.save")}
        </button>
      </Form>
      {activity ? (
        <Panel title={t("common.delete")}>
          <div className="flex flex-wrap items-center gap-3" data-testid="delete-form">
            <p className="text-sm text-ink-muted">{t("activities.deleteHint")}</p>
            <DeleteForm
              action={here}
              thing="activity"
              name={locale === "th" ? activity.titleTh : activity.titleEn}
              confirm={actionData?.confirm}
              label={t("common.deleteConfirm")}
            />
          </div>
        </Panel>
      ) : null}
    </div>
  );
}
