import { type FormMetadata, getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, redirect, useLocation } from "react-router";

import { formatDate } from "~/domain/dates";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import type { GalleryPickerPage } from "~/features/catalog-admin/gallery.server";
import { askFirst, type ContentFormReply, contentImagePicker, refused, unsaved } from "~/features/content/admin-action.server";
import { listGalleryChoices } from "~/features/content/content-admin.server";
import { contentAreaInput, contentAreaSchema, heroSlideInput, heroSlideSchema } from "~/features/content/content-admin-schemas";
import { DefaultSubmit, GalleryImageField, isPickerIntent, validateUnlessBrowsing } from "~/features/content/content-form";
import {
  type ContentAreaRow,
  deleteContentArea,
  deleteHeroSlide,
  type HeroSlideRow,
  loadHomeContentPage,
  moveHeroSlide,
  saveContentArea,
  saveHeroSlide,
} from "~/features/content/home-admin.server";
import { epochToShopLocal } from "~/features/content/shop-local-time";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { useDeleteQuestion } from "~/ui/backend/form-page";
import type { ListColumn } from "~/ui/backend/list-columns";
import { ListTable } from "~/ui/backend/list-page";
import { Badge, PageHeading, Panel } from "~/ui/backend/page-parts";
import { RichTextEditor } from "~/ui/backend/rich-text-editor";
import { confirmStepValue, isConfirmed } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { CheckboxField, Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { mediaUrl } from "~/ui/media-url";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/content-area";

/**
 * The home page's content (spec §2 /backend/home/content-area; issue 4 item 11), roles 1, 2, 4:
 * hero slides (titles, subtitles and button texts in both languages, link, gallery image, active,
 * shown from/until in Bangkok time, order — create, edit, delete, move up/down) and the content
 * areas (key, titles and rich-text bodies in both languages, image, link, active, order).
 * `?slide=<id>|new` and `?area=<id>|new` open the edit panel above the lists, so the page works
 * without JavaScript and a failed save keeps the panel open with its messages; a save closes it.
 */
const pagePath = "/backend/home/content-area";
const listIntents = ["delete-slide", "move-slide", "delete-area"] as const;

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
  const { env, t, title } = staffRoute(args, "contentAdmin");
  const url = new URL(args.request.url);
  const [{ slides, areas, slide, area, slidePicker, areaPicker }, gallery] = await Promise.all([
    loadHomeContentPage(env.DB, { slide: editing(url, "slide"), area: editing(url, "area") }),
    listGalleryChoices(env.DB),
  ]);
  return {
    slides,
    areas,
    gallery,
    slide,
    area,
    slidePicker,
    areaPicker,
    meta: { title: title(t("meta.contentArea")) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const id = idField(formData);
  const base = localizePath(getLocale(args.context) as Locale, pagePath);
  if (id === "invalid") return refused("list", "unknownAction", 400);

  // The panels' forms: save, or browse the gallery (the hidden `panel` says which form it is).
  const panel = intent === "save-slide" ? "slide" : intent === "save-area" ? "area" : isPickerIntent(intent) ? formData.get("panel") : null;
  if (panel === "slide") {
    const submission = parseWithZod(formData, { schema: heroSlideSchema });
    const picker = () => contentImagePicker(env.DB, formData.get("imageKey"), formData);
    if (submission.status !== "success" || intent !== "save-slide") return unsaved("slide", formData, submission, { picker: await picker() });
    const result = await saveHeroSlide(env.DB, id, heroSlideInput(submission.value));
    if (result.ok) return redirectWithToast(args.request, base, { key: "contentAdmin:contentArea.slideSaved" });
    if (result.reason === "not-found") return refused("slide", "notFound", 404);
    return unsaved("slide", formData, submission, { picker: await picker(), refusal: result });
  }
  if (panel === "area") {
    const submission = parseWithZod(formData, { schema: contentAreaSchema });
    const picker = () => contentImagePicker(env.DB, formData.get("imageKey"), formData);
    if (submission.status !== "success" || intent !== "save-area") return unsaved("area", formData, submission, { picker: await picker() });
    const result = await saveContentArea(env.DB, id, contentAreaInput(submission.value));
    if (result.ok) return redirectWithToast(args.request, base, { key: "contentAdmin:contentArea.areaSaved" });
    if (result.reason === "not-found") return refused("area", "notFound", 404);
    return unsaved("area", formData, submission, { picker: await picker(), refusal: result });
  }

  // The lists' buttons: delete (asking first) and move.
  if (!(listIntents as readonly unknown[]).includes(intent) || id === null) return refused("list", "unknownAction", 400);
  if (intent === "move-slide") {
    const direction = formData.get("direction");
    if (direction !== "up" && direction !== "down") return refused("list", "unknownAction", 400);
    return (await moveHeroSlide(env.DB, id, direction)) ? redirect(base) : refused("list", "notFound", 404);
  }
  if (!isConfirmed(formData)) return askFirst("list", formData);
  const deleted = intent === "delete-slide" ? await deleteHeroSlide(env.DB, id) : await deleteContentArea(env.DB, id);
  if (!deleted) return refused("list", "notFound", 404);
  return redirectWithToast(args.request, base, {
    key: intent === "delete-slide" ? "contentAdmin:contentArea.slideDeleted" : "contentAdmin:contentArea.areaDeleted",
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

interface PanelProps<Row> {
  row: Row | "new";
  base: string;
  picker: GalleryPickerPage;
  reply: ContentFormReply | undefined;
}

const recordsText = {
  slide: { heading: "contentArea.slidesHeading", newItem: "contentArea.newSlide", empty: "contentArea.slidesEmpty" },
  area: { heading: "contentArea.areasHeading", newItem: "contentArea.newArea", empty: "contentArea.areasEmpty" },
} as const;

/** The slides or the areas: the way to a new one (`?slide=new`, `?area=new`) above their table. */
function RecordsPanel<Row extends { id: number }>({
  kind,
  rows,
  columns,
  base,
}: {
  kind: "slide" | "area";
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  base: string;
}) {
  const { t } = useTranslation("contentAdmin");
  const text = recordsText[kind];
  return (
    <Panel title={t(text.heading)}>
      <div className="space-y-4">
        <Link to={`${base}?${kind}=new`} className="btn-primary w-fit" data-testid={`new-${kind}`}>
          <Plus className="size-4" aria-hidden />
          {t(text.newItem)}
        </Link>
        <ListTable
          rows={rows}
          namespace="contentAdmin"
          caption={t(text.heading)}
          columns={columns}
          rowId={(row) => row.id}
          rowTestId={kind}
          testId={`${kind}-list`}
          empty={t(text.empty)}
        />
      </div>
    </Panel>
  );
}

/** A slide's or an area's form in its panel, with its heading and a way back to the lists; it posts the row (or a new one) and the panel. */
function EditPanel<Schema extends Record<string, unknown>>({
  kind,
  id,
  base,
  form,
  children,
}: {
  kind: "slide" | "area";
  id: number | null;
  base: string;
  form: FormMetadata<Schema>;
  children: ReactNode;
}) {
  const { t } = useTranslation("contentAdmin");
  const editing = id !== null;
  const action = `${base}?${kind}=${id ?? "new"}`;
  const heading =
    kind === "slide" ? (editing ? t("contentArea.editSlide") : t("contentArea.newSlide")) : editing ? t("contentArea.editArea") : t("contentArea.newArea");
  return (
    <section className="space-y-4 rounded-lg border-2 border-primary/40 bg-surface p-4" aria-labelledby={`${kind}-heading`} data-testid={`${kind}-panel`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${kind}-heading`} className="text-lg font-semibold">
          {heading}
        </h2>
        <Link to={base} className="btn-ghost">
          <X className="size-4" aria-hidden />
          {t("common.cancel")}
        </Link>
      </div>
      <FormErrors form={form} />
      <Form method="post" action={action} className="space-y-4" data-testid={`${kind}-form`} key={form.id} {...getFormProps(form)}>
        <DefaultSubmit value={`save-${kind}`} />
        <input type="hidden" name="id" value={id ?? ""} />
        <input type="hidden" name="panel" value={kind} />
        {children}
        <SubmitButton name="intent" value={`save-${kind}`} action={action} testId={`save-${kind}`}>
          {t("common.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function SlidePanel({ row, base, picker, reply }: PanelProps<HeroSlideRow>) {
  const { t } = useTranslation("contentAdmin");
  const current = row === "new" ? null : row;
  const [form, fields] = useSchemaForm(heroSlideSchema, {
    id: `slide-${current ? `${current.id}-${current.updatedAt}` : "new"}`,
    lastResult: reply?.form === "slide" ? reply.result : undefined,
    defaultValue: current
      ? {
          titleEn: current.titleEn,
          titleTh: current.titleTh,
          subtitleEn: current.subtitleEn,
          subtitleTh: current.subtitleTh,
          ctaLabelEn: current.ctaLabelEn,
          ctaLabelTh: current.ctaLabelTh,
          linkPath: current.linkPath ?? "",
          imageKey: current.imageKey,
          isActive: current.isActive,
          startsAt: epochToShopLocal(current.startsAt),
          endsAt: epochToShopLocal(current.endsAt),
          sortOrder: String(current.sortOrder),
        }
      : { isActive: true, sortOrder: "0" },
    onValidate: validateUnlessBrowsing(heroSlideSchema),
  });
  return (
    <EditPanel kind="slide" id={current?.id ?? null} base={base} form={form}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field meta={fields.titleEn} label={t("fields.titleEn")} />
        <Field meta={fields.titleTh} label={t("fields.titleTh")} lang="th" />
        <Field meta={fields.subtitleEn} label={t("fields.subtitleEn")} />
        <Field meta={fields.subtitleTh} label={t("fields.subtitleTh")} lang="th" />
        <Field meta={fields.ctaLabelEn} label={t("fields.ctaLabelEn")} />
        <Field meta={fields.ctaLabelTh} label={t("fields.ctaLabelTh")} lang="th" />
      </div>
      <Field meta={fields.linkPath} label={t("fields.linkPath")} />
      <GalleryImageField meta={fields.imageKey} label={t("fields.imageKey")} picker={picker} required />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field meta={fields.startsAt} type="datetime-local" label={t("fields.startsAt")} hint={t("contentArea.scheduleHint")} />
        <Field meta={fields.endsAt} type="datetime-local" label={t("fields.endsAt")} />
        <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
      </div>
      <CheckboxField meta={fields.isActive} label={t("fields.isActive")} />
    </EditPanel>
  );
}

function AreaPanel({ row, base, picker, reply, gallery }: PanelProps<ContentAreaRow> & { gallery: Route.ComponentProps["loaderData"]["gallery"] }) {
  const { t } = useTranslation("contentAdmin");
  const current = row === "new" ? null : row;
  const [form, fields] = useSchemaForm(contentAreaSchema, {
    id: `area-${current ? `${current.id}-${current.updatedAt}` : "new"}`,
    lastResult: reply?.form === "area" ? reply.result : undefined,
    defaultValue: current
      ? {
          areaKey: current.areaKey,
          titleEn: current.titleEn,
          titleTh: current.titleTh,
          bodyEn: current.bodyEn,
          bodyTh: current.bodyTh,
          imageKey: current.imageKey ?? "",
          linkPath: current.linkPath ?? "",
          isActive: current.isActive,
          sortOrder: String(current.sortOrder),
        }
      : { isActive: true, sortOrder: "0" },
    onValidate: validateUnlessBrowsing(contentAreaSchema),
  });
  return (
    <EditPanel kind="area" id={current?.id ?? null} base={base} form={form}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field meta={fields.areaKey} label={t("fields.areaKey")} hint={t("contentArea.areaKeyHint")} autoCapitalize="none" spellCheck={false} />
        <Field meta={fields.sortOrder} label={t("fields.sortOrder")} inputMode="numeric" />
        <Field meta={fields.titleEn} label={t("fields.titleEn")} />
        <Field meta={fields.titleTh} label={t("fields.titleTh")} lang="th" />
      </div>
      <RichTextEditor meta={fields.bodyEn} label={t("fields.bodyEn")} gallery={gallery} />
      <RichTextEditor meta={fields.bodyTh} label={t("fields.bodyTh")} gallery={gallery} />
      <Field meta={fields.linkPath} label={t("fields.linkPath")} />
      <GalleryImageField meta={fields.imageKey} label={t("fields.imageKey")} picker={picker} />
      <CheckboxField meta={fields.isActive} label={t("fields.isActive")} />
    </EditPanel>
  );
}

/** A row's "edit" link and its delete button (which asks first). */
function RowActions({
  editTo,
  action,
  id,
  intent,
  question,
}: {
  editTo: string;
  action: string;
  id: number;
  intent: "delete-slide" | "delete-area";
  question: { title: string; description: string; confirmLabel: string };
}) {
  const { t } = useTranslation("contentAdmin");
  return (
    <div className="flex items-center justify-end gap-3">
      <Link to={editTo} className="font-semibold text-primary-dark underline">
        {t("common.edit")}
      </Link>
      <Form method="post" action={action}>
        <input type="hidden" name="id" value={id} />
        <ConfirmButton name="intent" value={intent} className="font-semibold text-error underline" testId="delete-button" {...question}>
          {t("common.delete")}
        </ConfirmButton>
      </Form>
    </div>
  );
}

export default function ContentArea({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const { t: tb } = useTranslation("backend");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, pagePath);
  const { slides, areas, gallery, slide, area } = loaderData;
  const when = (ms: number | null) => (ms === null ? t("contentArea.always") : formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" }));
  const deleteAnswers = useDeleteQuestion("heroSlide", "");
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
      return row ? { step, question: deleteQuestion("heroSlide", localized(row, "title", locale)) } : null;
    }
    const row = areas.find((candidate) => candidate.id === id);
    return row ? { step, question: deleteQuestion("contentArea", localized(row, "title", locale)) } : null;
  })();
  const activeBadge = (row: { isActive: boolean }) =>
    row.isActive ? <Badge tone="success">{t("common.active")}</Badge> : <Badge tone="neutral">{t("common.inactive")}</Badge>;
  // A row's edit link and delete button, the last column of both lists.
  const actionsColumn = (kind: "slide" | "area", thing: "heroSlide" | "contentArea"): ListColumn<HeroSlideRow | ContentAreaRow> => ({
    id: "actions",
    label: "common.actions",
    className: "[&:is(th)]:sr-only",
    cell: (row) => (
      <RowActions
        editTo={`${base}?${kind}=${row.id}`}
        action={base}
        id={row.id}
        intent={`delete-${kind}`}
        question={deleteQuestion(thing, localized(row, "title", locale))}
      />
    ),
  });
  const slideColumns: readonly ListColumn<HeroSlideRow>[] = [
    {
      id: "image",
      label: "fields.imageKey",
      cell: (row) => <img src={mediaUrl(row.imageKey)} alt="" width={96} height={40} loading="lazy" className="h-10 w-24 rounded object-cover" />,
    },
    {
      id: "title",
      label: "fields.titleEn",
      cell: (row) => (
        <>
          <p className="font-semibold">{localized(row, "title", locale)}</p>
          <p className="text-xs text-ink-muted">{t("contentArea.schedule", { from: when(row.startsAt), until: when(row.endsAt) })}</p>
        </>
      ),
    },
    { id: "active", label: "fields.isActive", cell: activeBadge },
    {
      id: "order",
      label: "common.order",
      cell: (row) => {
        const index = slides.indexOf(row);
        const title = localized(row, "title", locale);
        return (
          <Form method="post" action={base} className="flex gap-1">
            <input type="hidden" name="id" value={row.id} />
            <input type="hidden" name="intent" value="move-slide" />
            <button
              type="submit"
              name="direction"
              value="up"
              disabled={index === 0}
              className="btn-ghost p-1 disabled:opacity-30"
              aria-label={`${t("common.moveUp")}: ${title}`}
            >
              <ArrowUp className="size-4" aria-hidden />
            </button>
            <button
              type="submit"
              name="direction"
              value="down"
              disabled={index === slides.length - 1}
              className="btn-ghost p-1 disabled:opacity-30"
              aria-label={`${t("common.moveDown")}: ${title}`}
            >
              <ArrowDown className="size-4" aria-hidden />
            </button>
          </Form>
        );
      },
    },
    actionsColumn("slide", "heroSlide"),
  ];
  const areaColumns: readonly ListColumn<ContentAreaRow>[] = [
    { id: "key", label: "fields.areaKey", cell: (row) => <span className="font-mono text-xs">{row.areaKey}</span> },
    { id: "title", label: "fields.titleEn", className: "font-semibold", cell: (row) => localized(row, "title", locale) },
    { id: "active", label: "fields.isActive", cell: activeBadge },
    { id: "order", label: "common.order", numeric: true, cell: (row) => row.sortOrder },
    actionsColumn("area", "contentArea"),
  ];
  // A refusal of a list button (a row that is gone, an unknown action) is the page's message.
  const listError = actionData?.form === "list" ? actionData.result?.error?.[""] : undefined;

  return (
    <FormMessages namespace="contentAdmin">
      <div className="space-y-6" data-testid="content-area-page">
        <PageHeading title={t("contentArea.heading")} intro={t("contentArea.intro")} />
        {listError?.[0] === "notFound" || listError?.[0] === "unknownAction" ? (
          <Alert tone="error" title={t(`validation.${listError[0]}`)} testId="form-error" />
        ) : null}
        {slide && loaderData.slidePicker ? (
          <SlidePanel row={slide} base={base} picker={(actionData?.form === "slide" && actionData.picker) || loaderData.slidePicker} reply={actionData} />
        ) : null}
        {area && loaderData.areaPicker ? (
          <AreaPanel
            row={area}
            base={base}
            picker={(actionData?.form === "area" && actionData.picker) || loaderData.areaPicker}
            reply={actionData}
            gallery={gallery}
          />
        ) : null}
        {pendingDelete ? <ConfirmStep step={pendingDelete.step} action={base} cancelTo={base} {...pendingDelete.question} /> : null}

        <RecordsPanel kind="slide" rows={slides} columns={slideColumns} base={base} />
        <RecordsPanel kind="area" rows={areas} columns={areaColumns} base={base} />
      </div>
    </FormMessages>
  );
}
