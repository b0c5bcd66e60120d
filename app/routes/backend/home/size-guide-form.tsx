import { type FieldMetadata } from "@conform-to/react";
import { data, useLocation } from "react-router";

import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { contentEntryAction } from "~/features/content/admin-action.server";
import { sizeGuideInput, sizeGuideSchema } from "~/features/content/content-admin-schemas";
import { ContentFormPage, NamedEntryFields, validateUnlessBrowsing } from "~/features/content/content-form";
import {
  maxSizeGuideColumns,
  maxSizeGuideRows,
  parseStoredSizeGuideTable,
  sizeGuideUnits,
  spareSizeGuideColumns,
  spareSizeGuideRows,
} from "~/features/content/size-guide-schemas";
import { deleteSizeGuide, loadSizeGuideForm, saveSizeGuide, type SizeGuideRow } from "~/features/content/size-guides-admin.server";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { FieldError, SelectField, useFieldMessage } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { Route } from "./+types/size-guide-form";

/**
 * Create (/backend/home/size-guide/create) or edit (/backend/home/size-guide/:id) a size guide
 * (issue 4 item 11): names and notes in both languages, slug, gallery image, order, and the
 * measurement table edited as cells — a column per measurement (key, English and Thai name), a row
 * per size with one number per column. The page offers a few empty columns and rows beyond the
 * filled ones (blank ones are ignored), so the table grows without JavaScript. The table is
 * checked as a whole by app/features/content/size-guide-schemas.ts before anything is written.
 */
const listPath = "/backend/home/size-guide";

/** A stored guide as the form's values: its fields and its table as cells, with empty slots to grow into. */
function guideDraft(guide: SizeGuideRow | null): Record<string, string> {
  const table = guide ? parseStoredSizeGuideTable(guide.tableJson) : null;
  const draft: Record<string, string> = guide
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
  draft.unit = table?.unit ?? "cm";
  draft.columnSlots = String(Math.min((table?.columns.length ?? 0) + spareSizeGuideColumns, maxSizeGuideColumns + spareSizeGuideColumns));
  draft.rowSlots = String(Math.min((table?.rows.length ?? 0) + spareSizeGuideRows, maxSizeGuideRows + spareSizeGuideRows));
  table?.columns.forEach((column, c) => {
    draft[`column-${c}-key`] = column.key;
    draft[`column-${c}-en`] = column.en;
    draft[`column-${c}-th`] = column.th;
  });
  table?.rows.forEach((row, r) => {
    draft[`row-${r}-size`] = row.size;
    row.values.forEach((value, c) => (draft[`cell-${r}-${c}`] = String(value)));
  });
  return draft;
}

export async function loader(args: Route.LoaderArgs) {
  const { env, locale, t, title } = staffRoute(args, "contentAdmin");
  const id = optionalRecordId(args.params.id);
  const { guide, picker } = await loadSizeGuideForm(env.DB, id);
  if (id !== null && !guide) throw data(null, { status: 404 });
  const heading = guide ? localized(guide, "name", locale) : t("meta.newSizeGuide");
  return {
    guide: guide ? { id: guide.id, slug: guide.slug, nameEn: guide.nameEn, nameTh: guide.nameTh, updatedAt: guide.updatedAt } : null,
    draft: guideDraft(guide),
    picker,
    meta: { title: title(heading) },
  };
}

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args);
  const id = optionalRecordId(args.params.id);
  return contentEntryAction(args.request, await args.request.formData(), {
    form: "size-guide",
    schema: sizeGuideSchema,
    d1: env.DB,
    list: localizePath(getLocale(args.context) as Locale, listPath),
    savedPath: (saved) => `/${saved}`,
    imageField: "imageKey",
    toasts: { deleted: "contentAdmin:sizeGuides.deleted", saved: "contentAdmin:sizeGuides.saved" },
    remove: id === null ? null : () => deleteSizeGuide(env.DB, id),
    save: (value) => {
      const { guide, table } = sizeGuideInput(value);
      return saveSizeGuide(env.DB, id, guide, table);
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export const handle = {
  breadcrumb: ({ data: loaderData, t }) => [{ text: loaderData?.guide ? loaderData.guide.slug : t("contentAdmin:meta.newSizeGuide") }],
} satisfies BreadcrumbHandle<{ guide: { slug: string } | null }>;

/** The cells as the form holds them: stored, or typed when the server sent them back; `meta` holds the table's messages. */
function MeasurementTable({ values, meta }: { values: Record<string, unknown>; meta: FieldMetadata<unknown> }) {
  const { t } = useTranslation("contentAdmin");
  const message = useFieldMessage(meta.errors, t("fields.table"));
  const errorId = meta.errorId;
  const cell = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const count = (name: string, limit: number) => (/^\d{1,2}$/.test(cell(name)) ? Math.min(Number(cell(name)), limit) : 0);
  const columnCount = count("columnSlots", maxSizeGuideColumns + spareSizeGuideColumns);
  const rowCount = count("rowSlots", maxSizeGuideRows + spareSizeGuideRows);
  const columns = Array.from({ length: columnCount }, (_, c) => c);
  const rows = Array.from({ length: rowCount }, (_, r) => r);
  const input = "w-full min-w-16 rounded border border-line px-2 py-1";
  const partLabel = { key: t("sizeGuides.columnKey"), en: t("sizeGuides.columnEn"), th: t("sizeGuides.columnTh") };
  return (
    <>
      <input type="hidden" name="columnSlots" value={columnCount} />
      <input type="hidden" name="rowSlots" value={rowCount} />
      <FieldError id={errorId} name="table" message={message} />
      <div className="overflow-x-auto">
        <table className="text-sm" data-testid="measurement-table" aria-describedby={message ? errorId : undefined}>
          <caption className="sr-only">{t("fields.table")}</caption>
          <thead>
            {(["key", "en", "th"] as const).map((part) => (
              <tr key={part}>
                <th scope="row" className="pr-2 text-left font-semibold whitespace-nowrap">
                  {partLabel[part]}
                </th>
                {columns.map((c) => (
                  <td key={c} className="p-1">
                    <input
                      name={`column-${c}-${part}`}
                      defaultValue={cell(`column-${c}-${part}`)}
                      aria-label={`${t("sizeGuides.column", { number: c + 1 })}: ${partLabel[part]}`}
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
    </>
  );
}

export default function SizeGuideForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const { pathname: here } = useLocation();
  const locale = localeFromPathname(here);
  const { guide } = loaderData;
  const [form, fields] = useSchemaForm(sizeGuideSchema, {
    id: `size-guide-${guide ? `${guide.id}-${guide.updatedAt}` : "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft,
    onValidate: validateUnlessBrowsing(sizeGuideSchema),
  });

  return (
    <ContentFormPage
      name="size-guide"
      title={guide ? t("sizeGuides.editHeading") : t("sizeGuides.create")}
      backTo={localizePath(locale, listPath)}
      form={form}
      action={here}
      deletable={guide ? { thing: "sizeGuide", name: localized(guide, "name", locale), confirm: actionData?.confirm } : null}
    >
      <Panel title={t("meta.sizeGuide")}>
        <div className="space-y-4">
          <NamedEntryFields fields={fields} text="note" picker={actionData?.picker ?? loaderData.picker} />
        </div>
      </Panel>
      <Panel title={t("fields.table")}>
        <div className="space-y-4">
          <p className="text-sm text-ink-muted">{t("sizeGuides.tableHint")}</p>
          <SelectField meta={fields.unit} label={t("fields.unit")} className="max-w-xs">
            <Options of={sizeGuideUnits} label={(unit) => t(unit === "cm" ? "sizeGuides.unitCm" : "sizeGuides.unitIn")} />
          </SelectField>
          <MeasurementTable values={(form.initialValue ?? {}) as Record<string, unknown>} meta={fields.table} />
        </div>
      </Panel>
    </ContentFormPage>
  );
}
