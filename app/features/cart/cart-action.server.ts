import { data, redirect, type RouterContextProvider } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { getViewer } from "~/features/accounts/viewer.server";
import { sessionCookie, type Viewer } from "~/features/sessions/sessions.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import type { TFunction } from "i18next";
import type { LoaderSnackbar } from "~/ui/snackbar";
import { cartFlashCookie, type CappedLine, type CartFlashMessage } from "./cart-flash.server";
import { cartFormSchema, cartFormValues } from "./cart-schemas";
import { acceptCartPrices, addToCart, clearCart, removeCartLine, updateCartLine, type CartChange, type CartLineView, type CartOwner } from "./cart.server";

export function cartOwnerOf(viewer: Viewer): CartOwner | null {
  if (viewer.kind === "customer") return { customerId: viewer.customerId };
  if (viewer.kind === "guest" && viewer.sessionId) return { sessionId: viewer.sessionId };
  return null;
}

export interface CartActionData {
  ok: boolean;
  /** Localized message for the shopper. */
  message: string;
  intent?: string;
  quantity?: number;
  capped?: boolean;
}

const refusalKeys = {
  "unknown-variant": "validation.unknownVariant",
  "unknown-line": "validation.unknownLine",
  "out-of-stock": "validation.outOfStock",
  unavailable: "validation.unavailable",
  "price-changed": "validation.priceChanged",
} as const;

function flashFor(change: Extract<CartChange, { ok: true }>, intent: string): CartFlashMessage {
  if (change.kind !== "set") return change.kind;
  if (intent === "add") return change.capped ? "added-capped" : "added";
  return change.capped ? "updated-capped" : "updated";
}

const flashKeys = {
  added: "flash.added",
  "added-capped": "flash.addedCapped",
  updated: "flash.updated",
  "updated-capped": "flash.updatedCapped",
  "merge-capped": "flash.mergeCappedTitle",
  removed: "flash.removed",
  cleared: "flash.cleared",
  "prices-accepted": "flash.pricesAccepted",
  "price-increase": "flash.priceIncrease",
} as const satisfies Record<CartFlashMessage, string>;

export function cartFlashKey(message: CartFlashMessage) {
  return flashKeys[message];
}

/** The snackbar colour of a one-off message: a price rise or a quantity held back is a warning. */
export function cartFlashColour(message: CartFlashMessage) {
  return message === "price-increase" || message.endsWith("-capped") ? "warning" : "success";
}

/**
 * The cart page's one-off message from the flash cookie. Capped outcomes name the count ("Only 3
 * left — quantity set to 3"); after sign-in ("merge-capped") each line the merge held back is
 * named, and the message stays until closed.
 */
export function cartSnackbar(
  flash: { message: CartFlashMessage | null; capped: readonly CappedLine[] },
  lines: readonly Pick<CartLineView, "variantId" | "nameEn" | "nameTh" | "optionsEn" | "optionsTh">[],
  locale: Locale,
  t: TFunction<"shop">,
): LoaderSnackbar | null {
  const { message } = flash;
  if (!message) return null;
  const colour = cartFlashColour(message);
  if (message === "merge-capped") {
    const held = flash.capped.flatMap((capped) => {
      const line = lines.find((candidate) => candidate.variantId === capped.variantId);
      if (!line) return [];
      const name = locale === "th" ? line.nameTh || line.nameEn : line.nameEn;
      const options = locale === "th" ? line.optionsTh : line.optionsEn;
      return [t("flash.mergeCappedLine", { name: options ? `${name} (${options})` : name, count: capped.quantity })];
    });
    return held.length ? { colour, title: t("flash.mergeCappedTitle"), content: held.join(" · "), timeout: 0 } : null;
  }
  if (message === "added-capped" || message === "updated-capped") {
    const count = flash.capped[0]?.quantity;
    if (count) return { colour, title: t(flashKeys[message], { count }) };
    return { colour: "success", title: t(flashKeys[message === "added-capped" ? "added" : "updated"]) };
  }
  return { colour, title: t(flashKeys[message]) };
}

/**
 * POST /cart: add | update | remove | clear | accept-prices. Staff have no cart (spec §6): 403. Bad input and
 * refusals: 400 with a message in the page's language, nothing written. Forms sent by JavaScript
 * (`enhanced=1`, fetchers) get data back and stay on their page; plain forms are redirected to the
 * cart with a one-off message.
 */
export async function handleCartAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "shop");
  const viewer = getViewer(context);
  if (viewer.kind === "staff") return data<CartActionData>({ ok: false, message: t("validation.staff") }, { status: 403 });

  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<CartActionData>({ ok: false, message: t("validation.invalid") }, { status: 400 });
  }
  const enhanced = formData.get("enhanced") === "1";
  const parsed = cartFormSchema.safeParse(cartFormValues(formData));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key =
      issue?.message === "quantity"
        ? "validation.quantity"
        : issue?.message === "line"
          ? "validation.line"
          : issue?.path[0] === "intent"
            ? "validation.intent"
            : "validation.invalid";
    return data<CartActionData>({ ok: false, message: t(key) }, { status: 400 });
  }

  const form = parsed.data;
  const owner = cartOwnerOf(viewer);
  let change: CartChange & { newSessionId?: string };
  switch (form.intent) {
    case "add":
      change = await addToCart(env.DB, owner, { variantId: form.variantId, quantity: form.quantity });
      break;
    case "update":
      change = await updateCartLine(env.DB, owner, { lineId: form.lineId, variantId: form.variantId, quantity: form.quantity });
      break;
    case "remove":
      change = await removeCartLine(env.DB, owner, { lineId: form.lineId, variantId: form.variantId });
      break;
    case "clear":
      change = await clearCart(env.DB, owner);
      break;
    case "accept-prices":
      change = await acceptCartPrices(env.DB, owner, form.prices);
      break;
  }
  // A price that moved again while the shopper looked is a conflict with what they accepted (409).
  if (!change.ok)
    return data<CartActionData>(
      { ok: false, intent: form.intent, message: t(refusalKeys[change.reason]) },
      { status: change.reason === "price-changed" ? 409 : 400 },
    );

  const headers = new Headers();
  if (change.newSessionId) headers.append("Set-Cookie", sessionCookie(request, change.newSessionId, null));
  const flash = flashFor(change, form.intent);
  // Capped: "Only N left — quantity set to N" (spec §5: never above max, and the shopper is told).
  const capped = change.kind === "set" && change.capped ? [{ variantId: ("variantId" in form && form.variantId) || 0, quantity: change.quantity }] : [];
  if (!enhanced) {
    headers.append("Set-Cookie", cartFlashCookie(request, flash, capped));
    return redirect(localizePath(locale, "/cart"), { headers });
  }
  return data<CartActionData>(
    {
      ok: true,
      intent: form.intent,
      message: t(flashKeys[flash], { count: change.kind === "set" ? change.quantity : 1 }),
      ...(change.kind === "set" ? { quantity: change.quantity, capped: change.capped } : {}),
    },
    { headers },
  );
}
