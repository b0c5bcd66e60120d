import { lazy, Suspense } from "react";

import type { Locale } from "~/i18n/config";
import { Price } from "~/ui/price";
import { useHydrated } from "~/ui/use-hydrated";

import { designerT } from "./designer-i18n";
import type { DesignerData } from "./designer-types";

/**
 * The designing step of /custom/select/:id. The server renders a useful shell (name, description,
 * the front mockup, the price from, a note for browsers without JavaScript); after hydration the
 * canvas designer (designer.client.tsx) is loaded as its own chunk. Nothing here imports the
 * canvas library, so the route's chunk stays free of it; React Router stubs `.client` modules in
 * the server build, so the server bundle does too.
 */
const Designer = lazy(() => import("./designer.client"));

export function DesignerPage({ data, locale }: { data: DesignerData; locale: Locale }) {
  const hydrated = useHydrated();
  const t = designerT(locale);
  const { product } = data;
  const [priceBefore, priceAfter] = t("shell.priceFrom").split("{{price}}");
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6" data-testid="designer-page">
      <header className="mb-4">
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">{product.name}</h1>
        {product.description ? <p className="mt-1 max-w-3xl text-ink-muted">{product.description}</p> : null}
        <p className="mt-2 text-sm text-ink-muted">
          {priceBefore}
          <Price satang={product.basePriceSatang} className="font-semibold text-ink" />
          {priceAfter} · {t("shell.minimum", { count: product.minQuantity })}
        </p>
      </header>
      {hydrated ? (
        <Suspense fallback={<ShellPreview data={data} locale={locale} loading />}>
          <Designer data={data} locale={locale} />
        </Suspense>
      ) : (
        <ShellPreview data={data} locale={locale} loading={false} />
      )}
    </div>
  );
}

function ShellPreview({ data, locale, loading }: { data: DesignerData; locale: Locale; loading: boolean }) {
  const t = designerT(locale);
  const { product } = data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="rounded-lg border border-line bg-white p-2">
        {product.mockup.frontUrl ? (
          <img
            src={product.mockup.frontUrl}
            alt={t("shell.previewAlt", { name: product.name })}
            width={product.mockup.widthMm}
            height={product.mockup.heightMm}
            className="mx-auto h-auto w-full max-w-[600px]"
          />
        ) : null}
      </div>
      <div>
        <noscript>
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{t("shell.needsJavaScript")}</p>
        </noscript>
        {loading ? (
          <p className="text-sm text-ink-muted" role="status">
            {t("shell.loading")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
