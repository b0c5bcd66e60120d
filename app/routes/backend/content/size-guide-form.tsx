import { useSettledKey } from "~/ui/use-settled-key";
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { textFields, type Translate } from "~/features/backoffice/form-errors";
import { recordId } from "~/features/backoffice/staff-user-schemas";
import { contentReply, contentTranslator, echoFields, fieldError, zodFieldErrors } from "~/features/content/admin-action.server";
import { BilingualRow, FormSection, ImagePicker, SelectField, TextAreaField } from "~/features/content/admin-form-ui";
import { sizeGuideSchema } from "~/features/content/content-admin-schemas";
import { listGalleryChoices } from "~/features/content/content-admin.server";
import {
  maxSizeGuideColumns,
  maxSizeGuideRows,
  parseStoredSizeGuideTable,
  sizeGuideTableFromCells,
  sizeGuideTableSchema,
  sizeGuideUnits,
  type SizeGuideTable,
} from "~/features/content/size-guide-schemas";
import { deleteSizeGuide, findSizeGuide, saveSizeGuide } from "~/features/content/size-guides-admin.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { PageHeading, Panel } from "~/ui/backend/data-table";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import type { Route } from "./+types/size-guide-form";
import { DeleteForm } from "~/ui/backend/form-page";
import { isConfirmed, confirmStep } from "~/ui/confirm";

/**
 * Create (/backend/home/size-guide/create) or edit (/backend/home/size-guide/:id) a size guide
 * (issue 4 item 11): names and notes in both languages, slug, gallery image, order, and the
 * measurement table edited as cells — a column per measurement (key, English and Thai name), a row
 * per size with one number per column. The page offers a few empty columns and rows beyond the
 * filled ones (blank ones are ignored), so the table grows without JavaScript. The table is
 * validated by app/features/content/size-guide-schemas.ts before anything is written.
 */
const fieldNames = ["slug", "nameEn", "nameTh", "noteEn", "noteTh", "imageKey", "sortOrder"] as const;
const spareColumns = 1;
const spareRows = 2;

function guideIdFrom(params: { id?: string }): number | null {
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
  const id = guideIdFrom(args.params);
  const [guide, gallery] = await Promise.all([id === null ? null : findSizeGuide(env.DB, id), listGalleryChoices(env.DB)]);
  if (id !== null && !guide) throw data(null, { status: 404 });
  const title = guide ? (locale === "th" ? guide.nameTh : guide.nameEn) : i18n.getFixedT(locale, "contentAdmin")("meta.newSizeGuide");
  return {
    guide: guide ? { ...guide, table: parseStoredSizeGuideTable(guide.tableJson) } : null,
    gallery,
    saved: new URL(args.request.url).searchParams.get("saved") === "1",
    meta: { title: `${title} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

/** The table's first problem as one message (the cells are many; one clear sentence helps more). */
function tableError(issues: readonly { message: string }[], t: Translate): string {
  const known = ["unit", "columnKey", "columnKeyDuplicate", "columnName", "rowSize", "rowSizeDuplicate", "cellNumber", "tableColumns", "tableRows"];
  const message = issues.find((issue) => known.includes(issue.message))?.message ?? "invalid";
  return t(`validation.${message}`, { field: t("fields.table") });
}

/** Counts of column and row slots the form offered (hidden fields), bounded. */
function slots(formData: FormData, name: string, limit: number): number {
  const value = formData.get(name);
  return typeof value === "string" && /^\d{1,2}$/.test(value) ? Math.min(Number(value), limit) : 0;
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = contentTranslator(args.context);
  const id = guideIdFrom(args.params);
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  const list = localizePath(getLocale(args.context) as Locale, "/backend/home/size-guide");
  if (intent === "delete" && id !== null) {
    if (!isConfirmed(formData)) return contentReply(200, { form: "delete", confirm: confirmStep(formData) });
    if (!(await deleteSizeGuide(env.DB, id))) throw data(null, { status: 404 });
    return redirect(`${list}?deleted=1`);
  }
  if (intent !== "save") return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });

  const fields = textFields(formData, fieldNames);
  const columnSlots = slots(formData, "columnSlots", maxSizeGuideColumns + spareColumns);
  const rowSlots = slots(formData, "rowSlots", maxSizeGuideRows + spareRows);
  const read = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 100) : "";
  };
  const cellValues: Record<string, string> = { unit: read("unit"), columnSlots: String(columnSlots), rowSlots: String(rowSlots) };
  for (let c = 0; c < columnSlots; c += 1) for (const part of ["key", "en", "th"]) cellValues[`column-${c}-${part}`] = read(`column-${c}-${part}`);
  for (let r = 0; r < rowSlots; r += 1) {
    cellValues[`row-${r}-size`] = read(`row-${r}-size`);
    for (let c = 0; c < columnSlots; c += 1) cellValues[`cell-${r}-${c}`] = read(`cell-${r}-${c}`);
  }
  const values = { ...echoFields(fields), ...cellValues };

  const parsed = sizeGuideSchema.safeParse(fields);
  const table = sizeGuideTableSchema.safeParse(sizeGuideTableFromCells(read, columnSlots, rowSlots));
  if (!parsed.success || !table.success) {
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error, t);
    if (!table.success) errors.table = tableError(table.error.issues, t);
    return contentReply(400, { form: "size-guide", errors, values });
  }
  const result = await saveSizeGuide(env.DB, id, parsed.data, table.data);
  if (!result.ok) {
    if (result.reason === "not-found") throw data(null, { status: 404 });
    return contentReply(400, { form: "size-guide", errors: fieldError(t, result.field, result.message), values });
  }
  if (id === null) return redirect(`${list}/${result.id}?saved=1`);
  return contentReply(200, { form: "size-guide", notice: t("sizeGuides.saved"), key: Date.now() });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData, t }) => [{ text: loaderData?.guide ? loaderData.guide.slug : t("contentAdmin:meta.newSizeGuide") }],
} satisfies BreadcrumbHandle<{ guide: { slug: string } | null }>;

/** The cells to show: what was typed (after a 400) or the stored table, plus spare empty slots. */
function tableCells(table: SizeGuideTable | null, typed: Record<string, string>) {
  if (typed.columnSlots !== undefined) {
    const columnCount = Number(typed.columnSlots);
    const rowCount = Number(typed.rowSlots);
    return { columnCount, rowCount, unit: typed.unit ?? "cm", cell: (name: string) => typed[name] ?? "" };
  }
  const stored: Record<string, string> = {};
  table?.columns.forEach((column, c) => {
    stored[`column-${c}-key`] = column.key;
    stored[`column-${c}-en`] = column.en;
    stored[`column-${c}-th`] = column.th;
  });
  table?.rows.forEach((row, r) => {
    stored[`row-${r}-size`] = row.size;
    row.values.forEach((value, c) => (stored[`cell-${r}-${c}`] = String(value)));
  });
  return {
    columnCount: Math.min((table?.columns.length ?? 0) + spareColumns, maxSizeGuideColumns + spareColumns),
    rowCount: Math.min((table?.rows.length ?? 0) + spareRows, maxSizeGuideRows + spareRows),
    unit: table?.unit ?? "cm",
    cell: (name: string) => stored[name] ?? "",
  };
}

function MeasurementTable({ table, typed, error }: { table: SizeGuideTable | null; typed: Record<string, string>; error?: string }) {
  const { t } = useTranslation("contentAdmin");
  const { columnCount, rowCount, unit, cell } = tableCells(table, typed);
  const columns = Array.from({ length: columnCount }, (_, c) => c);
  const rows = Array.from({ length: rowCount }, (_, r) => r);
  const input = "w-full min-w-16 rounded border border-line px-2 py-1";
  return (
    <FormSection title={t("fields.table")}>
      <input type="hidden" name="columnSlots" value={columnCount} />
      <input type="hidden" name="rowSlots" value={rowCount} />
      <p className="text-sm text-ink-muted">{t("sizeGuides.tableHint")}</p>
      <div className="max-w-xs">
        <SelectField
          name="unit"
          label={t("fields.unit")}
          defaultValue={unit}
          options={sizeGuideUnits.map((value) => ({ value, label: t(value === "cm" ? "sizeGuides.unitCm" : "sizeGuides.unitIn") }))}
        />
      </div>
      {error ? (
        <p className="text-sm text-error" role="alert" data-testid="error-table">
          {error}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="text-sm" data-testid="measurement-table">
          <caption className="sr-only">{t("fields.table")}</caption>
          <thead>
            {(["key", "en", "th"] as const).map((part) => (
              <tr key={part}>
                <th scope="row" className="pr-2 text-left font-semibold whitespace-nowrap">
                  {t(part === "key" ? "sizeGuides.columnKey" : part === "en" ? "sizeGuides.columnEn" : "sizeGuides.columnTh")}
                </th>
                {columns.map((c) => (
                  <td key={c} className="p-1">
                    <input
                      name={`column-${c}-${part}`}
                      defaultValue={cell(`column-${c}-${part}`)}
                      aria-label={`${t("sizeGuides.column", { number: c + 1 })}: ${t(part === "key" ? "sizeGuides.columnKey" : part === "en" ? "sizeGuides.columnEn" : "sizeGuides.columnTh")}`}
                      maxLength={part === "key" ? 30 : 40}
                      lang={part === "th" ? "th" : undefined}
                      className={input}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r}>
                <td className="p-1">
                  <input
                    name={`row-${r}-size`}
                    defaultValue={cell(`row-${r}-size`)}
                    aria-label={`${t("sizeGuides.row", { number: r + 1 })}: ${t("sizeGuides.size")}`}
                    maxLength={20}
                    className={`${input} font-semibold`}
                  />
                </td>
                {columns.map((c) => (
                  <td key={c} className="p-1">
                    <input
                      name={`cell-${r}-${c}`}
                      inputMode="decimal"
                      defaultValue={cell(`cell-${r}-${c}`)}
                      aria-label={t("sizeGuides.cell", {
                        size: cell(`row-${r}-size`) || t("sizeGuides.row", { number: r + 1 }),
                        column: cell(`column-${c}-en`) || t("sizeGuides.column", { number: c + 1 }),
                      })}
                      maxLength={8}
                      className={`${input} text-right`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </FormSection>
  );
}

export default function SizeGuideForm({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("contentAdmin");
  const { pathname: here } = useLocation();
  const locale = localeFromPathname(here);
  const list = localizePath(locale, "/backend/home/size-guide");
  const { guide, gallery, saved } = loaderData;
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? {};
  const stored: Record<string, string> = guide
    ? {
        slug: guide.slug,
        nameEn: guide.nameEn,
        nameTh: guide.nameTh,
        noteEn: guide.noteEn,
        noteTh: guide.noteTh,
        imageKey: guide.imageKey ?? "",
        sortOrder: String(guide.sortOrder),
      }
    : { sortOrder: "0" };
  const value = (name: string) => typed[name] ?? stored[name] ?? "";
  const notice = actionData?.notice ?? (saved && !actionData ? t("sizeGuides.saved") : null);

  return (
    <div className="space-y-6" data-testid="size-guide-form-page">
      <PageHeading title={guide ? t("sizeGuides.editHeading") : t("sizeGuides.create")}>
        <Link to={list} className="btn-ghost">
          <ArrowLeft className="size-4" aria-hidden />
          {t("common.back")}
        </Link>
      </PageHeading>
      <ActionMessages notice={notice} formError={actionData?.formError} />
      <Form method="post" className="space-y-6" key={formKey} data-testid="size-guide-form" noValidate>
        <FormSection title={t("meta.sizeGuide")}>
          <div className="grid gap-4 sm:grid-cols-2">
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
            <TextField name="sortOrder" inputMode="numeric" label={t("fields.sortOrder")} defaultValue={value("sortOrder")} error={errors.sortOrder} />
          </div>
          <BilingualRow>
            <TextField name="nameEn" label={t("fields.nameEn")} required maxLength={120} defaultValue={value("nameEn")} error={errors.nameEn} />
            <TextField name="nameTh" label={t("fields.nameTh")} required maxLength={120} defaultValue={value("nameTh")} error={errors.nameTh} lang="th" />
            <TextAreaField name="noteEn" label={t("fields.noteEn")} maxLength={1000} defaultValue={value("noteEn")} error={errors.noteEn} />
            <TextAreaField name="noteTh" label={t("fields.noteTh")} maxLength={1000} defaultValue={value("noteTh")} error={errors.noteTh} lang="th" />
          </BilingualRow>
          <ImagePicker name="imageKey" label={t("fields.imageKey")} current={value("imageKey") || null} gallery={gallery} error={errors.imageKey} />
        </FormSection>
        <MeasurementTable table={guide?.table ?? null} typed={typed} error={errors.table} />
        <button type="submit" name="intent" value="save" className="btn-primary">
          {t("common.save")}
        </button>
      </Form>
      {guide ? (
        <Panel title={t("common.delete")}>
          <div className="flex flex-wrap items-center gap-3" data-testid="delete-form">
            <DeleteForm
              action={here}
              thing="sizeGuide"
              name={locale === "th" ? guide.nameTh : guide.nameEn}
              confirm={actionData?.confirm}
              label={t("common.deleteConfirm")}
            />
          </div>
        </Panel>
      ) : null}
    </div>
  );
}
