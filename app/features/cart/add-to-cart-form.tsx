import { getFormProps } from "@conform-to/react";
import { ShoppingCart } from "lucide-react";
import { useEffect } from "react";
import { useFetcher, useLocation, useNavigation } from "react-router";

import type { CartActionData } from "~/features/cart/cart-action.server";
import { useCartRefusal } from "~/features/cart/cart-refusal";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Field, FormMessages } from "~/ui/form/fields";
import { type FormConstraint, useDeferredSchemaForm } from "~/ui/form/use-deferred-schema-form";
import { useSnackbar } from "~/ui/snackbar";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * The product page's add to cart (a form POSTing to /cart; with JavaScript a fetcher, and the page
 * stays). Its own module: the page keeps its server HTML until the shopper reaches for it
 * (`keptPart(…, { untilUsed: true })` in app/routes/storefront/product.tsx), so the form kit and
 * Conform load then, not with the page (issue 19).
 */
export function AddToCartForm(props: { variantId: number; max: number; soldOut: boolean; locale: Locale; constraint: FormConstraint }) {
  return (
    <FormMessages namespace="shop">
      {/* Each variant's form starts afresh (its fetcher's answer, its typed quantity). */}
      <AddToCart key={props.variantId} {...props} />
    </FormMessages>
  );
}

function AddToCart({
  variantId,
  max,
  soldOut,
  locale,
  constraint,
}: {
  variantId: number;
  max: number;
  soldOut: boolean;
  locale: Locale;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("shop");
  const fetcher = useFetcher<CartActionData>();
  const hydrated = useHydrated();
  const snackbar = useSnackbar();
  const busy = fetcher.state !== "idle";
  // Another option was chosen and its page is on its way: the URL already names it, this form still
  // adds the one shown before, and its confirmation would be lost when the new option's form replaces it.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const switchingOption = navigation.state === "loading" && navigation.location.pathname === pathname;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const refusal = useCartRefusal(result);
  // The browser asks for at most this variant's max; the server would lower more to it and say so.
  const [form, fields, validation] = useDeferredSchemaForm(() => import("~/features/cart/cart-schemas").then((schemas) => schemas.addToCartSchema(max)), {
    id: `add-to-cart-${variantId}`,
    constraint,
    lastResult: result && !result.ok ? result.result : undefined,
    defaultValue: { quantity: "1" },
  });
  useEffect(() => {
    if (!result) return;
    if (result.ok) snackbar.show({ colour: result.capped ? "warning" : "success", title: result.message });
    else if (refusal) snackbar.show({ colour: "error", title: refusal });
  }, [result, refusal, snackbar]);

  if (soldOut) {
    return (
      <button type="button" disabled className="btn-primary w-full opacity-50 md:w-auto" data-testid="add-to-cart">
        {t("product.soldOut")}
      </button>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={localizePath(locale, "/cart")}
      className="flex flex-col gap-2"
      data-testid="add-to-cart-form"
      data-hydrated={hydrated}
      {...getFormProps(form)}
      {...validation}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="variantId" value={variantId} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <div className="flex items-start gap-3">
        {/* The variant's own max, a value of the page (and the schema's limit): the browser holds more back even before the form kit runs. */}
        <Field
          meta={fields.quantity}
          label={t("product.quantity")}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          className="w-40 shrink-0"
          data-testid="add-quantity"
        />
        <button type="submit" disabled={busy || switchingOption} className="btn-primary mt-6 flex-1 gap-2 md:flex-none" data-testid="add-to-cart">
          <ShoppingCart className="size-5" aria-hidden />
          {busy ? t("product.adding") : t("product.addToCart")}
        </button>
      </div>
      <p className="text-sm text-ink-muted" data-testid="max-note">
        {t("product.maxNote", { count: max })}
      </p>
    </fetcher.Form>
  );
}
