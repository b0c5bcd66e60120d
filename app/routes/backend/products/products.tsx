import { localized } from "~/i18n/localized";
import { Search } from "lucide-react";
import { data, Form, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { productKinds, type ProductKind } from "~/domain/catalog";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { SelectField } from "~/features/catalog-admin/catalog-admin-ui";
import { NewButton, Thumbnail } from "~/ui/backend/form-page";
import { listAdminProducts, type AdminProductListQuery } from "~/features/catalog-admin/products-admin.server";
import { catalogAdminContext } from "~/features/catalog-admin/route-helpers.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
import { Price } from "~/ui/price";
import type { Route } from "./+types/products";

/**
 * All products (spec §2 /backend/products/all-product; issue 4 item 8): search by name (English or
 * Thai) or SKU, filter by category, status and kind, 20 a page, newest first. Everything lives in the
 * URL (a GET form), so it works without JavaScript and can be bookmarked.
 */
function listQuery(url: URL): AdminProductListQuery {
  const params = url.searchParams;
  const id = (name: string) => {
    const value = params.get(name) ?? "";
    return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
  };
  const status = id("status");
  const kind = params.get("kind");
  const page = id("page") ?? 1;
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    categoryId: id("category"),
    statusId: status !== null && status <= 3 ? status : null,
    kind: (productKinds as readonly string[]).includes(kind ?? "") ? (kind as ProductKind) : null,
    page: Math.min(page, 100_000),
  };
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  const query = listQuery(new URL(args.request.url));
  const list = await listAdminProducts(env.DB, query);
  return data({ ...list, query, meta: { title: title(t("meta.products")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const statusTones = { 1: "success", 2: "neutral", 3: "warning" } as const;

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/products/all-product");
  const { query, rows, total, page, pageCount, categories } = loaderData;
  const filtered = Boolean(query.search || query.categoryId || query.statusId || query.kind);
  const pageHref = (target: number) => {
    const params = new URLSearchParams();
    if (query.search) params.set("q", query.search);
    if (query.categoryId) params.set("category", String(query.categoryId));
    if (query.statusId) params.set("status", String(query.statusId));
    if (query.kind) params.set("kind", query.kind);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  };

  return (
    <div data-testid="products-page">
      <PageHeading title={t("products.heading")} intro={t("products.intro")}>
        <NewButton to={`${base}/form`} testId="new-product">
          {t("products.newProduct")}
        </NewButton>
      </PageHeading>

      <Form
        method="get"
        action={base}
        role="search"
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        data-testid="product-filters"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("fields.search")}
          <span className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
            <input
              type="search"
              name="q"
              defaultValue={query.search}
              placeholder={t("products.searchPlaceholder")}
              maxLength={100}
              className="w-full rounded-md border border-line py-2 pr-3 pl-9 font-normal focus-visible:outline-2 focus-visible:outline-primary"
            />
          </span>
        </label>
        <SelectField name="category" label={t("fields.categoryId")} defaultValue={query.categoryId ?? ""}>
          <option value="">{t("actions.all")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {localized(category, "name", locale)}
            </option>
          ))}
        </SelectField>
        <SelectField name="status" label={t("fields.statusId")} defaultValue={query.statusId ?? ""}>
          <option value="">{t("actions.all")}</option>
          {([1, 2, 3] as const).map((status) => (
            <option key={status} value={status}>
              {t(`statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField name="kind" label={t("fields.kind")} defaultValue={query.kind ?? ""}>
          <option value="">{t("actions.all")}</option>
          {productKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary">
            {t("actions.filter")}
          </button>
          {filtered ? (
            <Link to={base} className="btn-ghost">
              {t("actions.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="mb-2 text-sm text-ink-muted" data-testid="product-count">
        {t("products.resultCount", { count: total })}
      </p>
      <DataTable
        caption={t("products.heading")}
        testId="product-list"
        rowCount={rows.length}
        empty={filtered ? t("products.empty") : t("products.emptyAll")}
        columns={[
          { label: t("products.columns.image"), className: "w-16" },
          { label: t("products.columns.name") },
          { label: t("products.columns.category"), className: "hidden md:table-cell" },
          { label: t("products.columns.status"), className: "hidden sm:table-cell" },
          { label: t("products.columns.price"), numeric: true },
          { label: t("products.columns.stock"), numeric: true },
        ]}
      >
        {rows.map((product) => (
          <tr key={product.id} data-testid="product-row">
            <td className="px-3 py-2">
              <Thumbnail imageKey={product.imageKey} size={48} alt="" />
            </td>
            <td className="min-w-44 px-3 py-2">
              <Link
                to={`${base}/form/${product.id}`}
                className="font-semibold text-primary-dark underline"
                aria-label={t("products.view", { name: localized(product, "name", locale) })}
              >
                {localized(product, "name", locale)}
              </Link>
              <div className="text-xs text-ink-muted">
                <span className="font-mono">{product.sku}</span> · {t(`kinds.${product.kind}`)} · {t("products.variantCount", { count: product.variantCount })}
              </div>
              {/* On a phone the category and status columns are hidden: shown here instead. */}
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-ink-muted md:hidden">
                <span>{locale === "th" ? product.categoryNameTh : product.categoryNameEn}</span>
                <span className="sm:hidden">
                  <Badge tone={statusTones[product.statusId as 1 | 2 | 3] ?? "neutral"}>{t(`statuses.${product.statusId}` as "statuses.1")}</Badge>
                </span>
              </div>
            </td>
            <td className="hidden px-3 py-2 md:table-cell">{locale === "th" ? product.categoryNameTh : product.categoryNameEn}</td>
            <td className="hidden px-3 py-2 sm:table-cell">
              <Badge tone={statusTones[product.statusId as 1 | 2 | 3] ?? "neutral"}>{t(`statuses.${product.statusId}` as "statuses.1")}</Badge>
            </td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
              {product.minPriceSatang === null ? "—" : <Price satang={product.minPriceSatang} maxSatang={product.maxPriceSatang ?? undefined} />}
            </td>
            <td className={`px-3 py-2 text-right tabular-nums ${product.stock <= 0 ? "text-error" : product.stock <= 5 ? "text-warning" : ""}`}>
              {product.stock}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} pageCount={pageCount} href={pageHref} />
    </div>
  );
}
