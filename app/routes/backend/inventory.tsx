import { Download, FileUp } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { csvImportMaxBytes, csvImportMaxRows, type CsvLineProblem } from "~/domain/inventory-csv";
import { stockFilters } from "~/domain/inventory";
import { formatBytes } from "~/domain/format-bytes";
import { stockLabel } from "~/domain/stock-label";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { FormAlert } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { throwIfPastLastPage } from "~/features/backoffice/list-page.server";
import { parseInventoryQuery, stockImportModes, stockImportModeSchema, stockImportSchema } from "~/features/catalog-admin/inventory-schemas";
import { listInventory } from "~/features/catalog-admin/inventory.server";
import { confirmStockImport, decodeUtf8, previewStockImport, type StockImportOutcome } from "~/features/catalog-admin/stock-import.server";
import { catalogAdminContext, type Translate } from "~/features/catalog-admin/route-helpers.server";
import { intlLocale, localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading, Panel } from "~/ui/backend/data-table";
import { FileField, FormErrors, FormMessages, RadioGroupField, SubmitButton } from "~/ui/form/fields";
import { Pagination } from "~/ui/pagination";
import { isSoundForm } from "~/ui/form/sound-form";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/inventory";

/**
 * Inventory (spec §2 /backend/products/inventory; issue 4 item 9), roles 1, 2 and 4 (the layout's
 * middleware). Stock per variant with search (name or SKU), category and low-stock filters in the
 * URL; each row leads to the variant's history and adjustment form; a CSV export; and a CSV import
 * in two steps — "preview" reads the file and lists what would change and every problem by line,
 * "apply" (only offered when there is no problem) writes it all in one batch or nothing.
 */
const importBodyLimit = csvImportMaxBytes + 64 * 1024;

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context, "inventory");
  const query = parseInventoryQuery(new URL(args.request.url));
  const { list, categories } = await listInventory(env.DB, query);
  throwIfPastLastPage(query.page, list.pageCount);
  return data({ list, categories, query, meta: { title: title(t("meta.inventory")) } });
}

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
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, path } = catalogAdminContext(args.context, "inventory");
  // What the import panel shows: the form's result, a refusal in words, the file's problems, the preview.
  const nothing: ImportAnswer = { result: undefined, refusal: null, problems: [], preview: null };

  const declaredLength = Number(args.request.headers.get("content-length") ?? 0);
  if (declaredLength > importBodyLimit * 2)
    return data({ ...nothing, refusal: t("import.file.too-large", { max: formatBytes(csvImportMaxBytes) }) }, { status: 413 });
  const formData = await args.request.formData();
  if (!isSoundForm(formData)) throw data(null, { status: 400 });
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
  const base = localizePath(locale, "/backend/products/inventory");
  const { list, categories, query } = loaderData;
  const number = new Intl.NumberFormat(intlLocale(locale));
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (query.search) params.set("q", query.search);
    if (query.categoryId !== null) params.set("category", String(query.categoryId));
    if (query.filter !== "all") params.set("stock", query.filter);
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return text ? `${base}?${text}` : base;
  };
  const filtered = query.search !== "" || query.categoryId !== null || query.filter !== "all";

  return (
    <div className="space-y-6" data-testid="inventory-page">
      <PageHeading title={t("heading")} intro={t("intro")}>
        <a href={`${base}/export.csv`} className="btn-ghost border border-line" download data-testid="export-csv">
          <Download className="size-4" aria-hidden />
          {t("export")}
        </a>
      </PageHeading>

      <Form
        method="get"
        action={base}
        role="search"
        className="grid gap-3 rounded-lg border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
        data-testid="inventory-filters"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("filters.search")}
          <input
            type="search"
            name="q"
            defaultValue={query.search}
            placeholder={t("filters.searchPlaceholder")}
            maxLength={100}
            className="rounded-md border border-line px-3 py-2 font-normal focus-visible:outline-2 focus-visible:outline-primary"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("filters.category")}
          <select name="category" defaultValue={query.categoryId ?? ""} className="rounded-md border border-line bg-surface px-3 py-2 font-normal">
            <option value="">{t("filters.allCategories")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {localized(category, "name", locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("filters.stock")}
          <select name="stock" defaultValue={query.filter} className="rounded-md border border-line bg-surface px-3 py-2 font-normal">
            {stockFilters.map((filter) => (
              <option key={filter} value={filter}>
                {t(`filters.stockOptions.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {t("filters.submit")}
          </button>
          {filtered ? (
            <Link to={base} className="btn-ghost">
              {t("filters.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <div>
        <p className="mb-2 text-sm text-ink-muted" data-testid="inventory-count">
          {t("resultCount", { count: list.total })}
        </p>
        <DataTable
          caption={t("heading")}
          testId="inventory-list"
          rowCount={list.rows.length}
          empty={filtered ? t("empty") : t("emptyAll")}
          columns={[
            { label: t("columns.product") },
            { label: t("columns.sku"), className: "hidden sm:table-cell" },
            { label: t("columns.stock"), numeric: true },
            { label: t("columns.status"), className: "hidden sm:table-cell" },
            { label: t("columns.actions"), className: "hidden sm:table-cell sm:sr-only" },
          ]}
        >
          {list.rows.map((row) => {
            const label = stockLabel(row.stock);
            const options = localized(row, "options", locale);
            return (
              <tr key={row.variantId} data-testid="inventory-row" data-sku={row.sku}>
                <td className="px-3 py-2">
                  {/* The name is also a way in: on a phone the SKU, status and action columns are hidden. */}
                  <Link to={`${base}/${row.variantId}`} className="font-semibold text-primary-dark hover:underline" data-testid="variant-link">
                    {localized(row, "productName", locale)}
                  </Link>
                  {options ? <span className="block text-xs text-ink-muted">{options}</span> : null}
                  <span className="block font-mono text-xs text-ink-muted sm:hidden">{row.sku}</span>
                </td>
                <td className="hidden px-3 py-2 font-mono text-xs whitespace-nowrap sm:table-cell">{row.sku}</td>
                <td className="px-3 py-2 text-right">
                  <span className="tabular-nums" data-testid="stock">
                    {number.format(row.stock)}
                  </span>
                  <span className="mt-1 block sm:hidden">
                    <Badge tone={label.tone}>{t(`labels.${label.label}`)}</Badge>
                  </span>
                </td>
                <td className="hidden px-3 py-2 sm:table-cell">
                  <Badge tone={label.tone}>{t(`labels.${label.label}`)}</Badge>
                </td>
                <td className="hidden px-3 py-2 text-right whitespace-nowrap sm:table-cell">
                  <Link to={`${base}/${row.variantId}`} className="font-semibold text-primary-dark underline" aria-label={t("manageLabel", { sku: row.sku })}>
                    {t("manage")}
                  </Link>
                </td>
              </tr>
            );
          })}
        </DataTable>
        <Pagination page={list.page} pageCount={list.pageCount} href={pageHref} />
      </div>

      <ImportSection base={base} actionData={actionData} />
    </div>
  );
}

function ImportSection({ base, actionData }: { base: string; actionData: ImportAnswer | undefined }) {
  const { t } = useTranslation("inventory");
  const location = useLocation();
  const locale = localeFromPathname(location.pathname);
  const number = new Intl.NumberFormat(intlLocale(locale), { signDisplay: "exceptZero" });
  const plain = new Intl.NumberFormat(intlLocale(locale));
  const preview = actionData?.preview ?? null;
  const problems = actionData?.problems ?? [];
  const [form, fields] = useForm({
    id: "stock-import",
    lastResult: actionData?.result,
    defaultValue: { mode: "set" },
    constraint: getZodConstraint(stockImportSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stockImportSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title={t("import.heading")} id="import-heading" testId="inventory-import">
      <p className="mb-3 text-sm text-ink-muted">{t("import.intro", { rows: plain.format(csvImportMaxRows), max: formatBytes(csvImportMaxBytes) })}</p>
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
            <DataTable
              caption={t("import.previewCaption")}
              testId="import-changes"
              rowCount={preview.changes.length}
              empty=""
              columns={[
                { label: t("import.columns.line"), numeric: true },
                { label: t("columns.sku") },
                { label: t("import.columns.before"), numeric: true },
                { label: t("import.columns.change"), numeric: true },
                { label: t("import.columns.after"), numeric: true },
              ]}
            >
              {preview.changes.map((change) => (
                <tr key={change.line} data-testid="import-change">
                  <td className="px-3 py-1 text-right tabular-nums">{change.line}</td>
                  <td className="px-3 py-1 font-mono text-xs">{change.sku}</td>
                  <td className="px-3 py-1 text-right tabular-nums">{plain.format(change.before)}</td>
                  <td className={`px-3 py-1 text-right tabular-nums ${change.delta < 0 ? "text-error" : "text-success"}`}>{number.format(change.delta)}</td>
                  <td className="px-3 py-1 text-right font-semibold tabular-nums">{plain.format(change.after)}</td>
                </tr>
              ))}
            </DataTable>
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
          {problems.length === 0 && preview.changes.length === 0 ? <FormAlert tone="warning">{t("import.nothingToChange")}</FormAlert> : null}
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
