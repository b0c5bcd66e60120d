import { Download, FileUp } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { csvImportMaxBytes, csvImportMaxRows, type CsvLineProblem } from "~/domain/inventory-csv";
import { stockFilters } from "~/domain/inventory";
import { formatBytes } from "~/domain/format-bytes";
import { stockLabel } from "~/domain/stock-label";
import { ActionMessages, FormAlert } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { throwIfPastLastPage } from "~/features/backoffice/list-page.server";
import { textFields, type Translate } from "~/features/backoffice/form-errors";
import { parseInventoryQuery, stockImportModes, stockImportModeSchema } from "~/features/inventory/inventory-schemas";
import { listInventory } from "~/features/inventory/inventory.server";
import { confirmStockImport, decodeUtf8, previewStockImport, type StockImportOutcome } from "~/features/inventory/stock-import.server";
import { intlLocale, localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading, Panel } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
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
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "inventory");
  const backendTitle = getInstance(args.context).getFixedT(locale, "backend")("title");
  const query = parseInventoryQuery(new URL(args.request.url));
  const { list, categories } = await listInventory(env.DB, query);
  throwIfPastLastPage(query.page, list.pageCount);
  return data({ list, categories, query, meta: { title: `${t("meta.inventory")} | ${backendTitle}` } });
}

interface ImportPreview {
  mode: "set" | "delta";
  fileName: string;
  /** The file's text, posted back by the apply form (the server reads it again). */
  text: string;
  changes: { line: number; variantId: number; sku: string; before: number; after: number; delta: number }[];
  unchanged: number;
}

interface ImportReply {
  notice: string | null;
  formError: string | null;
  problems: { line: number; text: string }[];
  preview: ImportPreview | null;
  key: number;
}

function problemTexts(problems: readonly CsvLineProblem[], t: Translate) {
  return problems
    .slice(0, 200)
    .map((problem) => ({ line: problem.line, text: t(`import.problems.${problem.problem}`, { line: problem.line, sku: problem.sku }) }));
}

function outcomeReply(outcome: Extract<StockImportOutcome, { ok: false }>, t: Translate) {
  const message =
    outcome.fileProblem === "unclosed-quote"
      ? t("import.file.unclosed-quote", { line: outcome.line })
      : t(`import.file.${outcome.fileProblem}`, { max: formatBytes(csvImportMaxBytes), rows: csvImportMaxRows });
  return message;
}

export async function action(args: Route.ActionArgs) {
  const viewer = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = getInstance(args.context).getFixedT(getLocale(args.context) as Locale, "inventory") as unknown as Translate;
  const reply = (status: number, body: Partial<ImportReply>) =>
    data<ImportReply>({ notice: null, formError: null, problems: [], preview: null, key: 0, ...body }, { status });

  const declaredLength = Number(args.request.headers.get("content-length") ?? 0);
  if (declaredLength > importBodyLimit * 2) return reply(413, { formError: t("import.file.too-large", { max: formatBytes(csvImportMaxBytes) }) });
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply(400, { formError: t("validation.unknownAction") });
  }
  const intent = formData.get("intent");
  const { mode: modeText, fileName: postedName, text: postedText } = textFields(formData, ["mode", "fileName", "text"]);
  const defaultMode = stockImportModeSchema.parse(modeText);

  if (intent === "preview") {
    const file = formData.get("file");
    if (!(file instanceof File) || file.size === 0) return reply(400, { formError: t("import.file.required") });
    if (file.size > csvImportMaxBytes) return reply(400, { formError: t("import.file.too-large", { max: formatBytes(csvImportMaxBytes) }) });
    const text = decodeUtf8(await file.arrayBuffer());
    if (text === null) return reply(400, { formError: t("import.file.not-utf8") });
    const fileName = file.name.slice(0, 200);
    const outcome = await previewStockImport(env.DB, text, defaultMode);
    if (!outcome.ok) return reply(400, { formError: outcomeReply(outcome, t) });
    const preview: ImportPreview = { mode: outcome.mode, fileName, text, changes: outcome.changes, unchanged: outcome.unchanged };
    if (outcome.problems.length > 0) {
      return reply(400, { formError: t("import.hasProblems", { count: outcome.problems.length }), problems: problemTexts(outcome.problems, t), preview });
    }
    return reply(200, { preview });
  }

  if (intent === "apply") {
    if (!postedText) return reply(400, { formError: t("import.file.required") });
    const fileName = postedName.slice(0, 200);
    const { outcome, applied, raced } = await confirmStockImport(env.DB, { text: postedText, defaultMode, fileName, staffUserId: viewer.staffUserId });
    if (!outcome.ok) return reply(400, { formError: outcomeReply(outcome, t) });
    const preview: ImportPreview = { mode: outcome.mode, fileName, text: postedText, changes: outcome.changes, unchanged: outcome.unchanged };
    if (outcome.problems.length > 0) {
      return reply(400, { formError: t("import.hasProblems", { count: outcome.problems.length }), problems: problemTexts(outcome.problems, t), preview });
    }
    if (raced || applied === null) return reply(409, { formError: t("import.raced"), preview });
    return reply(200, { notice: t("import.applied", { count: applied }), key: Date.now() });
  }

  return reply(400, { formError: t("validation.unknownAction") });
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
                {locale === "th" ? category.nameTh : category.nameEn}
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
            const options = locale === "th" ? row.optionsTh : row.optionsEn;
            return (
              <tr key={row.variantId} data-testid="inventory-row" data-sku={row.sku}>
                <td className="px-3 py-2">
                  {/* The name is also a way in: on a phone the SKU, status and action columns are hidden. */}
                  <Link to={`${base}/${row.variantId}`} className="font-semibold text-primary-dark hover:underline" data-testid="variant-link">
                    {locale === "th" ? row.productNameTh : row.productNameEn}
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

function ImportSection({ base, actionData }: { base: string; actionData: ImportReply | undefined }) {
  const { t } = useTranslation("inventory");
  const locale = localeFromPathname(useLocation().pathname);
  const number = new Intl.NumberFormat(intlLocale(locale), { signDisplay: "exceptZero" });
  const plain = new Intl.NumberFormat(intlLocale(locale));
  const preview = actionData?.preview ?? null;
  const problems = actionData?.problems ?? [];
  return (
    <Panel title={t("import.heading")} id="import-heading" testId="inventory-import">
      <p className="mb-3 text-sm text-ink-muted">{t("import.intro", { rows: plain.format(csvImportMaxRows), max: formatBytes(csvImportMaxBytes) })}</p>
      <ActionMessages notice={actionData?.notice} formError={actionData?.formError} />
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
              <button type="submit" name="intent" value="apply" className="btn-primary">
                {t("import.apply", { count: preview.changes.length })}
              </button>
              <Link to={base} className="btn-ghost">
                {t("import.cancel")}
              </Link>
            </Form>
          ) : null}
          {problems.length === 0 && preview.changes.length === 0 ? <FormAlert tone="warning">{t("import.nothingToChange")}</FormAlert> : null}
        </div>
      ) : null}

      <Form method="post" action={base} encType="multipart/form-data" className="flex flex-col gap-3" key={actionData?.key ?? 0} data-testid="import-form">
        <div className="flex flex-col gap-1">
          <label htmlFor="import-file" className="text-sm font-semibold">
            {t("import.file.label")}
          </label>
          <input id="import-file" type="file" name="file" accept=".csv,text/csv" required className="text-sm" />
          <p className="text-xs text-ink-muted">{t("import.file.hint")}</p>
        </div>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-semibold">{t("import.modeLegend")}</legend>
          {stockImportModes.map((mode) => (
            <label key={mode} className="flex items-center gap-2">
              <input type="radio" name="mode" value={mode} defaultChecked={mode === "set"} />
              {t(`import.modes.${mode}`)}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" name="intent" value="preview" className="btn-primary">
            <FileUp className="size-4" aria-hidden />
            {t("import.preview")}
          </button>
        </div>
      </Form>
    </Panel>
  );
}
