import { clsx } from "clsx";
import { ImageOff, Zap } from "lucide-react";
import { Link } from "react-router";

import { type StockLabel, stockLabel, type StockTone } from "~/domain/stock-label";
import { type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { MediaImage } from "~/ui/media-image";

import { Price } from "./price";

/** The fields a product tile needs (ProductCard of app/features/catalog/catalog.server.ts). */
export interface ProductTile {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  priceSatang: number;
  maxPriceSatang: number;
  stock: number;
  imageKey: string | null;
  /** Lowest price on a live flash sale, if any variant is on one. */
  flashSalePriceSatang?: number | null;
}

/** Product pictures are shown at 4:5; width/height reserve the space before the image loads. */
export const productImageWidth = 480;
export const productImageHeight = 600;

const stockText: Record<StockLabel, "product.inStock" | "product.lowStock" | "product.outOfStock"> = {
  "in-stock": "product.inStock",
  "low-stock": "product.lowStock",
  "out-of-stock": "product.outOfStock",
};

/** Spec §4: Lower Stock in the warning colour, Out of Stock in the error colour (text kept at AA contrast). */
export const stockToneClass: Record<StockTone, string> = {
  success: "bg-green-100 text-green-900 ring-1 ring-success/40",
  warning: "bg-amber-100 text-amber-900 ring-1 ring-warning",
  error: "bg-red-100 text-red-800 ring-1 ring-error",
};

/** The stock badge of a card: nothing for plenty (the card would be all badges), else Lower / Out of Stock. */
export function StockBadge({ stock, className }: { stock: number; className?: string }) {
  const { t } = useTranslation("catalog");
  const { label, tone } = stockLabel(stock);
  if (label === "in-stock") return null;
  return (
    <span
      className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", stockToneClass[tone], className)}
      data-testid="stock-badge"
      data-stock={label}
      data-tone={tone}
    >
      {t(stockText[label])}
    </span>
  );
}

export function ProductCard({ product, locale, priority = false }: { product: ProductTile; locale: Locale; priority?: boolean }) {
  const { t } = useTranslation("catalog");
  const name = localized(product, "name", locale);
  const soldOut = stockLabel(product.stock).label === "out-of-stock";
  const onSale = product.flashSalePriceSatang != null;
  return (
    <article className="group relative flex flex-col" data-testid="product-card">
      <div className="relative aspect-[4/5] overflow-hidden rounded-lg bg-surface-muted">
        {product.imageKey ? (
          <MediaImage
            imageKey={product.imageKey}
            width={productImageWidth}
            height={productImageHeight}
            priority={priority}
            className={clsx("size-full object-cover transition-transform duration-300 group-hover:scale-105", soldOut && "opacity-60")}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-ink-muted">
            <ImageOff className="size-8" aria-hidden />
            <span className="text-xs">{t("product.noImage")}</span>
          </div>
        )}
        <StockBadge stock={product.stock} className="absolute top-2 left-2" />
        {onSale ? (
          <span
            className="absolute top-2 right-2 flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
            data-testid="flash-sale-badge"
          >
            <Zap className="size-3" aria-hidden />
            {t("catalog:product.flashSale")}
          </span>
        ) : null}
      </div>
      <h3 className="mt-2 line-clamp-2 text-sm font-medium md:text-base">
        {/* The whole card is clickable through this link's ::after. */}
        <Link
          to={localizePath(locale, `/shop/${encodeURIComponent(product.slug)}`)}
          className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary"
          prefetch="intent"
        >
          {name}
        </Link>
      </h3>
      {onSale ? (
        <p className="mt-1 flex flex-wrap items-baseline gap-2" data-testid="flash-sale-price">
          <Price
            satang={Math.min(product.flashSalePriceSatang!, product.priceSatang)}
            maxSatang={product.maxPriceSatang}
            className="font-semibold text-red-700"
          />
        </p>
      ) : (
        <Price satang={product.priceSatang} maxSatang={product.maxPriceSatang} className="mt-1 font-semibold text-primary-dark" />
      )}
    </article>
  );
}

export function ProductGrid({ products, locale, priorityCount = 0 }: { products: ProductTile[]; locale: Locale; priorityCount?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 lg:grid-cols-4 md:gap-x-6">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} locale={locale} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
