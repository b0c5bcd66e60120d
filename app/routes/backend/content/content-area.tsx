import { useSettledKey } from "~/ui/use-settled-key";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { textFields } from "~/features/backoffice/form-errors";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import { contentReply, contentTranslator, echoFields, fieldError, zodFieldErrors } from "~/features/content/admin-action.server";
import { BilingualRow, CheckboxField, FormSection, ImagePicker } from "~/features/content/admin-form-ui";
import { contentAreaSchema, heroSlideSchema, type HeroSlideInput } from "~/features/content/content-admin-schemas";
import { listGalleryChoices } from "~/features/content/content-admin.server";
import {
  deleteContentArea,
  deleteHeroSlide,
  loadHomeContent,
  moveHeroSlide,
  saveContentArea,
  saveHeroSlide,
  type ContentAreaRow,
  type HeroSlideRow,
} from "~/features/content/home-admin.server";
import { epochToShopLocal } from "~/features/content/shop-local-time";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import { RichTextEditor } from "~/ui/backend/rich-text-editor";
import { mediaUrl } from "~/ui/product-card";
import { confirmStep, confirmStepValue, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { useDeleteQuestion } from "~/ui/backend/form-page";
import type { Route } from "./+types/content-area";

/**
 * The home page's content (spec §2 /backend/home/content-area; issue 4 item 11), roles 1, 2, 4:
 * hero slides (titles, subtitles and button texts in both languages, link, gallery image, active,
 * shown from/until in Bangkok time, order — create, edit, delete, move up/down) and the content
 * areas (key, titles and rich-text bodies in both languages, image, link, active, order).
 * `?slide=<id>|new` and `?area=<id>|new` open the edit panel above the lists, so the page works
 * without JavaScript and a failed save keeps the panel open with its messages.
 */
const slideFields = [
  "titleEn",
  "titleTh",
  "subtitleEn",
  "subtitleTh",
  "ctaLabelEn",
  "ctaLabelTh",
  "linkPath",
  "imageKey",
  "isActive",
  "startsAt",
  "endsAt",
  "sortOrder",
] as const;
const areaFields = ["areaKey", "titleEn", "titleTh", "bodyEn", "bodyTh", "imageKey", "linkPath", "isActive", "sortOrder"] as const;
const intents = ["save-slide", "delete-slide", "move-slide", "save-area", "delete-area"] as const;

function editing(url: URL, parameter: "slide" | "area"): number | "new" | null {
  const value = url.searchParams.get(parameter);
  if (value === "new") return "new";
  const parsed = recordId.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}

/** The id of the row an intent is about: the hidden `id` field; "" means a new row. */
function idField(formData: FormData): number | null | "invalid" {
  const value = formData.get("id");
  if (value === null || value === "") return null;
  const parsed = recordId.safeParse(value);
  return parsed.success ? parsed.data : "invalid";
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const url = new URL(args.request.url);
  const [{ slides, areas }, gallery] = await Promise.all([loadHomeContent(env.DB), listGalleryChoices(env.DB)]);
  const slideId = editing(url, "slide");
  const areaId = editing(url, "area");
  return {
    slides,
    areas,
    gallery,
    slide: slideId === "new" ? ("new" as const) : slideId === null ? null : (slides.find((slide) => slide.id === slideId) ?? null),
    area: areaId === "new" ? ("new" as const) : areaId === null ? null : (areas.find((area) => area.id === areaId) ?? null),
    meta: { title: `${i18n.getFixedT(locale, "contentAdmin")("meta.contentArea")} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = contentTranslator(args.context);
  const formData = await args.request.formData();
  const intentValue = formData.get("intent");
  const intent = (intents as readonly unknown[]).includes(intentValue) ? (intentValue as (typeof intents)[number]) : null;
  const id = idField(formData);
  if (!intent || id === "invalid") return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });
  const notFound = (form: string) => contentReply(404, { form, formError: t("validation.notFound") });

  switch (intent) {
    case "save-slide": {
      const fields = textFields(formData, slideFields);
      const parsed = heroSlideSchema.safeParse(fields);
      if (!parsed.success) return contentReply(400, { form: "slide", errors: zodFieldErrors(parsed.error, t), values: echoFields(fields) });
      const result = await saveHeroSlide(env.DB, id, parsed.data as HeroSlideInput);
      if (!result.ok)
        return result.reason === "not-found"
          ? notFound("slide")
          : contentReply(400, { form: "slide", errors: fieldError(t, result.field, result.message), values: echoFields(fields) });
      return contentReply(200, { form: "slide", notice: t("contentArea.slideSaved"), key: Date.now() });
    }
    case "delete-slide":
    case "move-slide": {
      if (id === null) return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });
      if (intent === "delete-slide" && !isConfirmed(formData)) return contentReply(200, { form: "slides", confirm: confirmStep(formData) });
      if (intent === "delete-slide")
        return (await deleteHeroSlide(env.DB, id))
          ? contentReply(200, { form: "slides", notice: t("contentArea.slideDeleted"), key: Date.now() })
          : notFound("slides");
      const direction = formData.get("direction");
      if (direction !== "up" && direction !== "down") return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });
      return (await moveHeroSlide(env.DB, id, direction)) ? contentReply(200, { form: "slides", key: Date.now() }) : notFound("slides");
    }
    case "save-area": {
      const fields = textFields(formData, areaFields);
      const parsed = contentAreaSchema.safeParse(fields);
      if (!parsed.success) return contentReply(400, { form: "area", errors: zodFieldErrors(parsed.error, t), values: echoFields(fields) });
      const result = await saveContentArea(env.DB, id, parsed.data);
      if (!result.ok)
        return result.reason === "not-found"
          ? notFound("area")
          : contentReply(400, { form: "area", errors: fieldError(t, result.field, result.message), values: echoFields(fields) });
      return contentReply(200, { form: "area", notice: t("contentArea.areaSaved"), key: Date.now() });
    }
    case "delete-area": {
      if (id === null) return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });
      if (!isConfirmed(formData)) return contentReply(200, { form: "areas", confirm: confirmStep(formData) });
      return (await deleteContentArea(env.DB, id))
        ? contentReply(200, { form: "areas", notice: t("contentArea.areaDeleted"), key: Date.now() })
        : notFound("areas");
    }
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

function SlidePanel({
  slide,
  base,
  gallery,
  actionData,
}: {
  slide: HeroSlideRow | "new";
  base: string;
  gallery: Route.ComponentProps["loaderData"]["gallery"];
  actionData: Route.ComponentProps["actionData"];
}) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("contentAdmin");
  const current = slide === "new" ? null : slide;
  const mine = actionData?.form === "slide";
  const errors = mine ? actionData.errors : {};
  const typed = mine ? actionData.values : {};
  const stored: Record<string, string> = current
    ? {
        ...Object.fromEntries(
          ["titleEn", "titleTh", "subtitleEn", "subtitleTh", "ctaLabelEn", "ctaLabelTh"].map((name) => [
            name,
            String(current[name as keyof HeroSlideRow] ?? ""),
          ]),
        ),
        linkPath: current.linkPath ?? "",
        imageKey: current.imageKey,
        startsAt: epochToShopLocal(current.startsAt),
        endsAt: epochToShopLocal(current.endsAt),
        sortOrder: String(current.sortOrder),
      }
    : { sortOrder: "0" };
  const value = (name: string) => typed[name] ?? stored[name] ?? "";
  const active = mine && actionData.values.isActive !== undefined ? actionData.values.isActive === "on" : (current?.isActive ?? true);
  const action = `${base}?slide=${current?.id ?? "new"}`;
  return (
    <section className="space-y-4 rounded-lg border-2 border-primary/40 bg-surface p-4" aria-labelledby="slide-heading" data-testid="slide-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="slide-heading" className="text-lg font-semibold">
          {current ? t("contentArea.editSlide") : t("contentArea.newSlide")}
        </h2>
        <Link to={base} className="btn-ghost">
          <X className="size-4" aria-hidden />
          {t("common.cancel")}
        </Link>
      </div>
      <Form method="post" action={action} className="space-y-4" key={`slide-${current?.id ?? "new"}-${formKey}`} data-testid="slide-form" noValidate>
        <input type="hidden" name="id" value={current?.id ?? ""} />
        <BilingualRow>
          <TextField name="titleEn" label={t("fields.titleEn")} required maxLength={120} defaultValue={value("titleEn")} error={errors.titleEn} />
          <TextField name="titleTh" label={t("fields.titleTh")} required maxLength={120} defaultValue={value("titleTh")} error={errors.titleTh} lang="th" />
          <TextField name="subtitleEn" label={t("fields.subtitleEn")} maxLength={300} defaultValue={value("subtitleEn")} error={errors.subtitleEn} />
          <TextField name="subtitleTh" label={t("fields.subtitleTh")} maxLength={300} defaultValue={value("subtitleTh")} error={errors.subtitleTh} lang="th" />
          <TextField name="ctaLabelEn" label={t("fields.ctaLabelEn")} maxLength={40} defaultValue={value("ctaLabelEn")} error={errors.ctaLabelEn} />
          <TextField name="ctaLabelTh" label={t("fields.ctaLabelTh")} maxLength={40} defaultValue={value("ctaLabelTh")} error={errors.ctaLabelTh} lang="th" />
        </BilingualRow>
        <TextField name="linkPath" label={t("fields.linkPath")} maxLength={300} defaultValue={value("linkPath")} error={errors.linkPath} />
        <ImagePicker
          name="imageKey"
          label={t("fields.imageKey")}
          current={value("imageKey") || null}
          gallery={gallery}
          error={errors.imageKey}
          optional={false}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="startsAt"
            type="datetime-local"
            label={t("fields.startsAt")}
            defaultValue={value("startsAt")}
            error={errors.startsAt}
            hint={t("contentArea.scheduleHint")}
          />
          <TextField name="endsAt" type="datetime-local" label={t("fields.endsAt")} defaultValue={value("endsAt")} error={errors.endsAt} />
          <TextField name="sortOrder" inputMode="numeric" label={t("fields.sortOrder")} defaultValue={value("sortOrder")} error={errors.sortOrder} />
        </div>
        <CheckboxField name="isActive" label={t("fields.isActive")} defaultChecked={active} />
        <button type="submit" name="intent" value="save-slide" className="btn-primary">
          {t("common.save")}
        </button>
      </Form>
    </section>
  );
}

function AreaPanel({
  area,
  base,
  gallery,
  actionData,
}: {
  area: ContentAreaRow | "new";
  base: string;
  gallery: Route.ComponentProps["loaderData"]["gallery"];
  actionData: Route.ComponentProps["actionData"];
}) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("contentAdmin");
  const current = area === "new" ? null : area;
  const mine = actionData?.form === "area";
  const errors = mine ? actionData.errors : {};
  const typed = mine ? actionData.values : {};
  const stored: Record<string, string> = current
    ? {
        areaKey: current.areaKey,
        titleEn: current.titleEn,
        titleTh: current.titleTh,
        bodyEn: current.bodyEn,
        bodyTh: current.bodyTh,
        imageKey: current.imageKey ?? "",
        linkPath: current.linkPath ?? "",
        sortOrder: String(current.sortOrder),
      }
    : { sortOrder: "0" };
  const value = (name: string) => typed[name] ?? stored[name] ?? "";
  const active = mine && actionData.values.isActive !== undefined ? actionData.values.isActive === "on" : (current?.isActive ?? true);
  return (
    <section className="space-y-4 rounded-lg border-2 border-primary/40 bg-surface p-4" aria-labelledby="area-heading" data-testid="area-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 id="area-heading" className="text-lg font-semibold">
          {current ? t("contentArea.editArea") : t("contentArea.newArea")}
        </h2>
        <Link to={base} className="btn-ghost">
          <X className="size-4" aria-hidden />
          {t("common.cancel")}
        </Link>
      </div>
      <Form
        method="post"
        action={`${base}?area=${current?.id ?? "new"}`}
        className="space-y-4"
        key={`area-${current?.id ?? "new"}-${formKey}`}
        data-testid="area-form"
        noValidate
      >
        <input type="hidden" name="id" value={current?.id ?? ""} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="areaKey"
            label={t("fields.areaKey")}
            required
            maxLength={80}
            defaultValue={value("areaKey")}
            error={errors.areaKey}
            hint={t("contentArea.areaKeyHint")}
          />
          <TextField name="sortOrder" inputMode="numeric" label={t("fields.sortOrder")} defaultValue={value("sortOrder")} error={errors.sortOrder} />
        </div>
        <BilingualRow>
          <TextField name="titleEn" label={t("fields.titleEn")} required maxLength={200} defaultValue={value("titleEn")} error={errors.titleEn} />
          <TextField name="titleTh" label={t("fields.titleTh")} required maxLength={200} defaultValue={value("titleTh")} error={errors.titleTh} lang="th" />
        </BilingualRow>
        <RichTextEditor name="bodyEn" label={t("fields.bodyEn")} defaultValue={value("bodyEn")} error={errors.bodyEn} gallery={gallery} />
        <RichTextEditor name="bodyTh" label={t("fields.bodyTh")} defaultValue={value("bodyTh")} error={errors.bodyTh} gallery={gallery} />
        <TextField name="linkPath" label={t("fields.linkPath")} maxLength={300} defaultValue={value("linkPath")} error={errors.linkPath} />
        <ImagePicker name="imageKey" label={t("fields.imageKey")} current={value("imageKey") || null} gallery={gallery} error={errors.imageKey} />
        <CheckboxField name="isActive" label={t("fields.isActive")} defaultChecked={active} />
        <button type="submit" name="intent" value="save-area" className="btn-primary">
          {t("common.save")}
        </button>
      </Form>
    </section>
  );
}

export default function ContentArea({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/home/content-area");
  const { slides, areas, gallery, slide, area } = loaderData;
  const when = (ms: number | null) => (ms === null ? t("contentArea.always") : formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" }));
  const listMessage = actionData && ["slides", "areas", "unknown"].includes(actionData.form) ? actionData : null;
  const deleteAnswers = useDeleteQuestion("heroSlide", "");
  const { t: tb } = useTranslation("backend");
  // Each row's question names the row (a hook cannot be called per row).
  const deleteQuestion = (thing: "heroSlide" | "contentArea", name: string) => ({
    ...deleteAnswers,
    title: tb("confirm.delete.title", { thing: tb(`confirm.things.${thing}`, { name }) }),
  });
  const pendingDelete = (() => {
    const step = actionData?.confirm;
    if (!step) return null;
    const id = Number(confirmStepValue(step, "id"));
    if (confirmStepValue(step, "intent") === "delete-slide") {
      const row = slides.find((candidate) => candidate.id === id);
      return row ? { step, question: deleteQuestion("heroSlide", row.titleEn) } : null;
    }
    const row = areas.find((candidate) => candidate.id === id);
    return row ? { step, question: deleteQuestion("contentArea", locale === "th" ? row.titleTh : row.titleEn) } : null;
  })();
  const panelNotice = actionData && ["slide", "area"].includes(actionData.form) && actionData.notice ? actionData.notice : null;

  return (
    <div className="space-y-6" data-testid="content-area-page">
      <PageHeading title={t("contentArea.heading")} intro={t("contentArea.intro")} />
      <ActionMessages notice={listMessage?.notice ?? panelNotice} formError={listMessage?.formError} />
      {slide ? <SlidePanel slide={slide} base={base} gallery={gallery} actionData={actionData} /> : null}
      {area ? <AreaPanel area={area} base={base} gallery={gallery} actionData={actionData} /> : null}
      {pendingDelete ? <ConfirmStep step={pendingDelete.step} action={base} cancelTo={base} {...pendingDelete.question} /> : null}

      <FormSection title={t("contentArea.slidesHeading")}>
        <Link to={`${base}?slide=new`} className="btn-primary w-fit" data-testid="new-slide">
          <Plus className="size-4" aria-hidden />
          {t("contentArea.newSlide")}
        </Link>
        <DataTable
          caption={t("contentArea.slidesHeading")}
          testId="slide-list"
          rowCount={slides.length}
          empty={t("contentArea.slidesEmpty")}
          columns={[
            { label: t("fields.imageKey") },
            { label: t("fields.titleEn") },
            { label: t("fields.isActive") },
            { label: t("common.order") },
            { label: t("common.actions"), className: "sr-only" },
          ]}
        >
          {slides.map((row, index) => (
            <tr key={row.id} data-testid={`slide-${row.id}`}>
              <td className="px-3 py-2">
                <img src={mediaUrl(row.imageKey)} alt="" width={96} height={40} loading="lazy" className="h-10 w-24 rounded object-cover" />
              </td>
              <td className="px-3 py-2">
                <p className="font-semibold">{locale === "th" ? row.titleTh : row.titleEn}</p>
                <p className="text-xs text-ink-muted">{t("contentArea.schedule", { from: when(row.startsAt), until: when(row.endsAt) })}</p>
              </td>
              <td className="px-3 py-2">
                {row.isActive ? <Badge tone="success">{t("common.active")}</Badge> : <Badge tone="neutral">{t("common.inactive")}</Badge>}
              </td>
              <td className="px-3 py-2">
                <Form method="post" className="flex gap-1">
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="intent" value="move-slide" />
                  <button
                    type="submit"
                    name="direction"
                    value="up"
                    disabled={index === 0}
                    className="btn-ghost p-1 disabled:opacity-30"
                    aria-label={`${t("common.moveUp")}: ${row.titleEn}`}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    disabled={index === slides.length - 1}
                    className="btn-ghost p-1 disabled:opacity-30"
                    aria-label={`${t("common.moveDown")}: ${row.titleEn}`}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                </Form>
              </td>
              <td className="px-3 py-2">
                <div className="flex items-center justify-end gap-3">
                  <Link to={`${base}?slide=${row.id}`} className="font-semibold text-primary-dark underline">
                    {t("common.edit")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={row.id} />
                    <ConfirmButton
                      name="intent"
                      value="delete-slide"
                      className="font-semibold text-error underline"
                      testId="delete-button"
                      {...deleteQuestion("heroSlide", row.titleEn)}
                    >
                      {t("common.delete")}
                    </ConfirmButton>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </FormSection>

      <FormSection title={t("contentArea.areasHeading")}>
        <Link to={`${base}?area=new`} className="btn-primary w-fit" data-testid="new-area">
          <Plus className="size-4" aria-hidden />
          {t("contentArea.newArea")}
        </Link>
        <DataTable
          caption={t("contentArea.areasHeading")}
          testId="area-list"
          rowCount={areas.length}
          empty={t("contentArea.areasEmpty")}
          columns={[
            { label: t("fields.areaKey") },
            { label: t("fields.titleEn") },
            { label: t("fields.isActive") },
            { label: t("common.order"), numeric: true },
            { label: t("common.actions"), className: "sr-only" },
          ]}
        >
          {areas.map((row) => (
            <tr key={row.id} data-testid={`area-${row.areaKey}`}>
              <td className="px-3 py-2 font-mono text-xs">{row.areaKey}</td>
              <td className="px-3 py-2 font-semibold">{locale === "th" ? row.titleTh : row.titleEn}</td>
              <td className="px-3 py-2">
                {row.isActive ? <Badge tone="success">{t("common.active")}</Badge> : <Badge tone="neutral">{t("common.inactive")}</Badge>}
              </td>
              <td className="px-3 py-2 text-right">{row.sortOrder}</td>
              <td className="px-3 py-2">
                <div className="flex items-center justify-end gap-3">
                  <Link to={`${base}?area=${row.id}`} className="font-semibold text-primary-dark underline">
                    {t("common.edit")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={row.id} />
                    <ConfirmButton
                      name="intent"
                      value="delete-area"
                      className="font-semibold text-error underline"
                      testId="delete-button"
                      {...deleteQuestion("contentArea", locale === "th" ? row.titleTh : row.titleEn)}
                    >
                      {t("common.delete")}
                    </ConfirmButton>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      </FormSection>
    </div>
  );
}
