import { data, useLocation } from "react-router";

import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { deleteActivity, loadActivityForm, saveActivity } from "~/features/content/activities-admin.server";
import { contentEntryAction } from "~/features/content/admin-action.server";
import { listGalleryChoices } from "~/features/content/content-admin.server";
import { activityInput, activitySchema } from "~/features/content/content-admin-schemas";
import { ContentFormPage, GalleryImageField, validateUnlessBrowsing } from "~/features/content/content-form";
import { epochToShopLocal } from "~/features/content/shop-local-time";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import { RichTextEditor } from "~/ui/backend/rich-text-editor";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Field, RadioGroupField, TextareaField } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/activity-form";

/**
 * Create (/backend/home/activities/form) or edit (/backend/home/activities/form/:id) an activity
 * (issue 4 item 11): slug, titles, summaries, rich-text bodies in both languages, a cover from the
 * product gallery, and publication (draft, now, or scheduled in Bangkok time). Saving leads to the
 * edit page; deleting leads back to the list. Bodies are sanitised on save.
 */
const listPath = "/backend/home/activities";

export async function loader(args: Route.LoaderArgs) {
  const { env, locale, t, title } = staffRoute(args, "contentAdmin");
  const id = optionalRecordId(args.params.id);
  const [{ activity, picker }, gallery] = await Promise.all([loadActivityForm(env.DB, id), listGalleryChoices(env.DB)]);
  if (id !== null && !activity) throw data(null, { status: 404 });
  const heading = activity ? localized(activity, "title", locale) : t("meta.newActivity");
  const now = Date.now();
  return {
    activity,
    draft: activity
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
      : { publish: "draft" },
    gallery,
    picker,
    meta: { title: title(heading) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env } = staffRoute(args);
  const id = optionalRecordId(args.params.id);
  return contentEntryAction(args.request, await args.request.formData(), {
    form: "activity",
    schema: activitySchema,
    d1: env.DB,
    list: localizePath(getLocale(args.context) as Locale, listPath),
    savedPath: (saved) => `/form/${saved}`,
    imageField: "coverImageKey",
    toasts: { deleted: "contentAdmin:activities.deleted", saved: "contentAdmin:activities.saved" },
    remove: id === null ? null : () => deleteActivity(env.DB, id),
    save: (value) => saveActivity(env.DB, id, activityInput(value), viewer.staffUserId),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData, t }) => [{ text: loaderData?.activity ? loaderData.activity.slug : t("contentAdmin:meta.newActivity") }],
} satisfies BreadcrumbHandle<{ activity: { slug: string } | null }>;

export default function ActivityForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const { pathname: here } = useLocation();
  const locale = localeFromPathname(here);
  const hydrated = useHydrated();
  const { activity, gallery } = loaderData;
  const [form, fields] = useSchemaForm(activitySchema, {
    // A save changes updatedAt: the form then shows what was stored (the sanitised bodies).
    id: `activity-${activity ? `${activity.id}-${activity.updatedAt}` : "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft,
    onValidate: validateUnlessBrowsing(activitySchema),
  });

  return (
    <ContentFormPage
      name="activity"
      title={activity ? t("activities.editHeading") : t("activities.create")}
      backTo={localizePath(locale, listPath)}
      form={form}
      action={here}
      deletable={activity ? { thing: "activity", name: localized(activity, "title", locale), confirm: actionData?.confirm } : null}
    >
      <Panel title={t("meta.activity")}>
        <div className="space-y-4">
          <Field meta={fields.slug} label={t("fields.slug")} autoCapitalize="none" spellCheck={false} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field meta={fields.titleEn} label={t("fields.titleEn")} />
            <Field meta={fields.titleTh} label={t("fields.titleTh")} lang="th" />
            <TextareaField meta={fields.summaryEn} label={t("fields.summaryEn")} rows={3} />
            <TextareaField meta={fields.summaryTh} label={t("fields.summaryTh")} rows={3} lang="th" />
          </div>
          <GalleryImageField meta={fields.coverImageKey} label={t("fields.coverImageKey")} picker={actionData?.picker ?? loaderData.picker} />
          <div className="space-y-2" data-testid="publish-choice">
            <RadioGroupField
              meta={fields.publish}
              label={t("fields.publish")}
              options={[
                { value: "draft", label: t("activities.publishDraft") },
                { value: "now", label: t("activities.publishNow") },
                { value: "schedule", label: t("activities.publishSchedule") },
              ]}
            />
            <Field
              meta={fields.publishAt}
              type="datetime-local"
              label={t("fields.publishAt")}
              hint={t("activities.publishHint")}
              className="sm:max-w-xs"
              // Without JavaScript the field stays usable; the server ignores it unless "scheduled" is chosen.
              readOnly={hydrated && fields.publish.value !== "schedule"}
            />
          </div>
        </div>
      </Panel>
      <RichTextEditor meta={fields.bodyEn} label={t("fields.bodyEn")} gallery={gallery} />
      <RichTextEditor meta={fields.bodyTh} label={t("fields.bodyTh")} gallery={gallery} />
    </ContentFormPage>
  );
}
