import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FileUp } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";

import { formatBytes } from "~/domain/format-bytes";
import { csvImportMaxBytes, csvImportMaxRows, type CsvLineProblem } from "~/domain/inventory-csv";
import { formatDecimal } from "~/domain/number-format";
import { staffListLoader } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { inventoryListSpec, inventoryStockFilters } from "~/features/catalog-admin/inventory-list";
import { inventoryList } from "~/features/catalog-admin/inventory-list.server";
import { stockImportModes, stockImportModeSchema, stockImportSchema } from "~/features/catalog-admin/inventory-schemas";
import { confirmStockImport, decodeUtf8, previewStockImport, type StockImportOutcome } from "~/features/catalog-admin/stock-import.server";
import { intlLocale, type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import type { Translate } from "~/ui/backend/list-columns";
import type { ListColumn } from "~/ui/backend/list-columns";
import { FilterSelect, ListTable } from "~/ui/backend/list-page";
import { Panel } from "~/ui/backend/page-parts";
import { RecordList } from "~/ui/backend/record-list";
import { FileField, FormErrors, FormMessages, RadioGroupField, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/inventory";

/**
 * Inventory (spec §2 /backend/products/inventory; issue 4 item 9), roles 1, 2 and 4 (the layout's
 * middleware). Stock per variant on the back-office list pattern (search by name or SKU, category
 * and low-stock filters, sort, pages, CSV of the filtered list at ./export.csv that the import reads
 * back, print view); each row leads to the variant's history and adjustment form; and a CSV import
 * in two steps — "preview" reads the file and lists what would change and every problem by line,
 * "apply" (only offered when there is no problem) writes it all in one batch or nothing.
 */
const importBodyLimit = csvImportMaxBytes + 64 * 1024;

export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "inventory", "meta.inventory", inventoryList);

interface ImportAnswer {
  result: SubmissionResult<string[]> | undefined;
  refusal: string | null;
  problems: { line: number; text: string }[];
  preview: ImportPreview | null;
}

interface ImportPreview {
  mode: "set" | "delta";
  fileName: string;
  /** The file's text, posted back by the apply form (the server reads it again). */
  text: string;
  changes: { line: number; variantId: number; sku: string; before: number; after: number; delta: number }[];
  unchanged: number;
}

function problemTexts(problems: readonly CsvLineProblem[], t: Translate) {
  return problems
    .slice(0, 200)
    .map((problem) => ({ line: problem.line, text: t(`import.problems.${problem.problem}`, { line: problem.line, sku: problem.sku }) }));
}

function fileRefusal(outcome: Extract<StockImportOutcome, { ok: false }>, t: Translate): string {
  return outcome.fileProblem === "unclosed-quote"
    ? t("import.file.unclosed-quote", { line: outcome.line })
    : t(`import.file.${outcome.fileProblem}`, { max: formatBytes(csvImportMaxBytes), rows: csvImportMaxRows });
}

export async function action(args: Route.ActionArgs) {
  const { staff: viewer, env, t, path } = staffRoute(args, "inventory");
  // What the import panel shows: the form's result, a refusal in words, the file's problems, the preview.
  const nothing: ImportAnswer = { result: undefined, refusal: null, problems: [], preview: null };

  const declaredLength = Number(args.request.headers.get("content-length") ?? 0);
  if (declaredLength > importBodyLimit * 2)
    return data({ ...nothing, refusal: t("import.file.too-large", { max: formatBytes(csvImportMaxBytes) }) }, { status: 413 });
  const formData = await args.request.formData();
  const intent = formData.get("intent");

  if (intent === "preview") {
    const submission = parseWithZod(formData, { schema: stockImportSchema });
    if (submission.status !== "success") return data({ ...nothing, result: submission.reply() }, { status: 400 });
    const { file, mode } = submission.value;
    const result = submission.reply();
    if (file.size > csvImportMaxBytes)
      return data({ ...nothing, result, refusal: t("import.file.too-large", { max: formatBytes(csvImportMaxBytes) }) }, { status: 400 });
    const text = decodeUtf8(await file.arrayBuffer());
    if (text === null) return data({ ...nothing, result, refusal: t("import.file.not-utf8") }, { status: 400 });
    const fileName = file.name.slice(0, 200);
    const outcome = await previewStockImport(env.DB, text, mode ?? "set");
    if (!outcome.ok) return data({ ...nothing, result, refusal: fileRefusal(outcome, t) }, { status: 400 });
    const preview: ImportPreview = { mode: outcome.mode, fileName, text, changes: outcome.changes, unchanged: outcome.unchanged };
    if (outcome.problems.length > 0) {
      return data(
        { ...nothing, result, refusal: t("import.hasProblems", { count: outcome.problems.length }), problems: problemTexts(outcome.problems, t), preview },
        { status: 400 },
      );
    }
    return data({ ...nothing, result, preview });
  }

  if (intent === "apply") {
    const text = formData.get("text");
    const fileName = String(formData.get("fileName") ?? "").slice(0, 200);
    if (typeof text !== "string" || !text) return data({ ...nothing, refusal: t("import.file.required") }, { status: 400 });
    const defaultMode = stockImportModeSchema.parse(formData.get("mode"));
    const { outcome, applied, raced } = await confirmStockImport(env.DB, { text, defaultMode, fileName, staffUserId: viewer.staffUserId });
    if (!outcome.ok) return data({ ...nothing, refusal: fileRefusal(outcome, t) }, { status: 400 });
    const preview: ImportPreview = { mode: outcome.mode, fileName, text, changes: outcome.changes, unchanged: outcome.unchanged };
    if (outcome.problems.length > 0) {
      return data(
        { ...nothing, refusal: t("import.hasProblems", { count: outcome.problems.length }), problems: problemTexts(outcome.problems, t), preview },
        { status: 400 },
      );
    }
    if (raced || applied === null) return data({ ...nothing, refusal: t("import.raced"), preview }, { status: 409 });
    return redirectWithToast(args.request, path("/backend/products/inventory"), { key: "inventory:import.applied", values: { count: applied } });
  }

  return data({ ...nothing, refusal: t("validation.unknownAction") }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Inventory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inventory");
  const locale = localeFromPathname(useLocation().pathname);
  const { list } = loaderData;
  const { query } = list;
  return (
    <div className="space-y-6" data-testid="inventory-page">
      <RecordList
        spec={inventoryListSpec}
        list={list}
        filters={
          <>
            <FilterSelect
              name="category"
              label={t("filters.category")}
              value={query.filters.category}
              allLabel={t("filters.allCategories")}
              options={list.categories.map((category) => ({ value: category.id, label: localized(category, "name", locale) }))}
            />
            <FilterSelect
              name="stock"
              label={t("filters.stock")}
              value={query.filters.stock}
              allLabel={t("filters.stockOptions.all")}
              options={inventoryStockFilters.map((filter) => ({ value: filter, label: t(`filters.stockOptions.${filter}`) }))}
            />
          </>
        }
      />
      {list.print ? null : <ImportSection base={localizePath(locale, inventoryListSpec.path)} actionData={actionData} />}
    </div>
  );
}

type ImportChange = ImportPreview["changes"][number];
const count = (value: number, locale: Locale, signed = false) => formatDecimal(value, intlLocale(locale), 3, signed ? "exceptZero" : "auto");

/** The lines an import would change (its preview), in the file's order. */
const importChangeColumns: readonly ListColumn<ImportChange>[] = [
  { id: "line", label: "import.columns.line", numeric: true, cell: (change) => change.line },
  { id: "sku", label: "columns.sku", cell: (change) => <span className="font-mono text-xs">{change.sku}</span> },
  { id: "before", label: "import.columns.before", numeric: true, cell: (change, { locale }) => count(change.before, locale) },
  {
    id: "change",
    label: "import.columns.change",
    numeric: true,
    cell: (change, { locale }) => <span className={change.delta < 0 ? "text-error" : "text-success"}>{count(change.delta, locale, true)}</span>,
  },
  { id: "after", label: "import.columns.after", numeric: true, className: "font-semibold", cell: (change, { locale }) => count(change.after, locale) },
];

function ImportSection({ base, actionData }: { base: string; actionData: ImportAnswer | undefined }) {
  const { t } = useTranslation("inventory");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const plain = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const preview = actionData?.preview ?? null;
  const problems = actionData?.problems ?? [];
  const [form, fields] = useSchemaForm(stockImportSchema, { id: "stock-import", lastResult: actionData?.result, defaultValue: { mode: "set" } });
  return (
    <Panel title={t("import.heading")} id="import-heading" testId="inventory-import">
      <p className="mb-3 text-sm text-ink-muted">{t("import.intro", { rows: plain(csvImportMaxRows), max: formatBytes(csvImportMaxBytes) })}</p>
      <FormMessages namespace="inventory">
        <FormErrors form={form} refusal={actionData?.refusal} />
      </FormMessages>
      {problems.length > 0 ? (
        <ul className="mb-4 list-disc space-y-1 pl-6 text-sm text-error" data-testid="import-problems">
          {problems.map((problem, index) => (
            <li key={`${problem.line}-${index}`}>{problem.text}</li>
          ))}
        </ul>
      ) : null}

      {preview ? (
        <div className="mb-6 space-y-3" data-testid="import-preview">
          <p className="text-sm font-semibold">
            {t("import.previewSummary", { file: preview.fileName, count: preview.changes.length, unchanged: preview.unchanged })}{" "}
            <span className="font-normal text-ink-muted">{t(`import.modes.${preview.mode}`)}</span>
          </p>
          {preview.changes.length > 0 ? (
            <ListTable
              rows={preview.changes}
              namespace="inventory"
              caption={t("import.previewCaption")}
              columns={importChangeColumns}
              rowId={(change) => change.line}
              rowTestId="import-change"
              testId="import-changes"
            />
          ) : null}
          {problems.length === 0 && preview.changes.length > 0 ? (
            <Form method="post" action={base} className="flex flex-wrap items-center gap-3" data-testid="import-apply-form">
              <input type="hidden" name="text" value={preview.text} />
              <input type="hidden" name="mode" value={preview.mode} />
              <input type="hidden" name="fileName" value={preview.fileName} />
              <SubmitButton name="intent" value="apply" action={base} testId="import-apply">
                {t("import.apply", { count: preview.changes.length })}
              </SubmitButton>
              <Link to={base} className="btn-ghost">
                {t("import.cancel")}
              </Link>
            </Form>
          ) : null}
          {problems.length === 0 && preview.changes.length === 0 ? <Alert tone="warning">{t("import.nothingToChange")}</Alert> : null}
        </div>
      ) : null}

      <FormMessages namespace="inventory">
        {/* An applied import is a new page visit (the redirect): the form starts empty again. */}
        <Form
          method="post"
          action={base}
          encType="multipart/form-data"
          className="flex flex-col gap-3"
          data-testid="import-form"
          key={location.key}
          {...getFormProps(form)}
        >
          <FileField meta={fields.file} label={t("import.file.label")} hint={t("import.file.hint")} accept=".csv,text/csv" />
          <RadioGroupField
            meta={fields.mode}
            label={t("import.modeLegend")}
            options={stockImportModes.map((mode) => ({ value: mode, label: t(`import.modes.${mode}`) }))}
          />
          <div>
            <SubmitButton name="intent" value="preview" action={base} testId="import-preview-submit">
              <FileUp className="size-4" aria-hidden />
              {t("import.preview")}
            </SubmitButton>
          </div>
        </Form>
      </FormMessages>
    </Panel>
  );
}
