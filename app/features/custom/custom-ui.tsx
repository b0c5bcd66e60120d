import { Link } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { useFormatPrice } from "~/ui/price";

export interface CustomProductCard {
  id: number;
  name: string;
  description: string;
  basePriceSatang: number;
  minQuantity: number;
  imageUrl: string | null;
}

/** The garments a shopper can design (/custom and /custom/select). */
export function CustomProductGrid({ products, locale }: { products: readonly CustomProductCard[]; locale: Locale }) {
  const { t } = useTranslation("custom");
  const format = useFormatPrice();
  if (products.length === 0) {
    return (
      <p className="mt-6 rounded-xl border border-dashed border-line px-6 py-12 text-center text-ink-muted" data-testid="empty-state">
        {t("landing.empty")}
      </p>
    );
  }
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="custom-products">
      {products.map((product) => (
        <li key={product.id} className="flex flex-col overflow-hidden rounded-xl border border-line bg-surface" data-testid="custom-product">
          {product.imageUrl ? (
            <img src={product.imageUrl} alt="" width={600} height={600} loading="lazy" className="aspect-square w-full bg-white object-contain" />
          ) : null}
          <div className="flex flex-1 flex-col gap-2 p-4">
            <h3 className="text-lg font-semibold">{product.name}</h3>
            <p className="text-sm text-ink-muted">{product.description}</p>
            <p className="text-sm">{t("landing.from", { price: format(product.basePriceSatang) })}</p>
            <p className="text-xs text-ink-muted">{t("landing.minimum", { count: product.minQuantity })}</p>
            <Link to={localizePath(locale, `/custom/select/${product.id}`)} className="btn-primary mt-auto" data-testid={`design-${product.id}`}>
              {t("select.design")}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
