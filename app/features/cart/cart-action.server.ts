import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, type RouterContextProvider } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { getViewer } from "~/features/accounts/viewer.server";
import { sessionCookie, type Viewer } from "~/features/sessions/sessions.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { redirectWithToast, type Toast } from "~/ui/toast.server";

import { acceptCartPrices, addToCart, type CappedCartLine, type CartChange, type CartOwner, clearCart, removeCartLine, updateCartLine } from "./cart.server";
import { cartFormSchema } from "./cart-schemas";

export function cartOwnerOf(viewer: Viewer): CartOwner | null {
  if (viewer.kind === "customer") return { customerId: viewer.customerId };
  if (viewer.kind === "guest" && viewer.sessionId) return { sessionId: viewer.sessionId };
  return null;
}

/**
 * What a cart form sent by JavaScript gets back: the change done (with the shopper's message in the
 * page's language), or Conform's result whose message keys (shop:validation) the page words through
 * the form kit (app/features/cart/cart-refusal.tsx).
 */
export type CartActionData =
  { ok: true; intent: string; message: string; quantity?: number; capped?: boolean } | { ok: false; intent?: string; result: SubmissionResult<string[]> };

const refusalKeys = {
  "unknown-variant": "unknownVariant",
  "unknown-line": "unknownLine",
  "out-of-stock": "outOfStock",
  unavailable: "unavailable",
  "price-changed": "priceChanged",
} as const;

/** What a cart change did, as the shopper is told it (the keys of shop:flash). */
type CartOutcome = "added" | "added-capped" | "updated" | "updated-capped" | "removed" | "cleared" | "prices-accepted";

function outcomeOf(change: Extract<CartChange, { ok: true }>, intent: string): CartOutcome {
  if (change.kind !== "set") return change.kind;
  if (intent === "add") return change.capped ? "added-capped" : "added";
  return change.capped ? "updated-capped" : "updated";
}

const outcomeKeys = {
  added: "flash.added",
  "added-capped": "flash.addedCapped",
  updated: "flash.updated",
  "updated-capped": "flash.updatedCapped",
  removed: "flash.removed",
  cleared: "flash.cleared",
  "prices-accepted": "flash.pricesAccepted",
} as const satisfies Record<CartOutcome, string>;

/** The toast after a cart form posted without JavaScript: a quantity held back is a warning naming the count. */
function cartToast(outcome: CartOutcome, count: number): Toast {
  return { key: `shop:${outcomeKeys[outcome]}`, values: { count }, type: outcome.endsWith("-capped") ? "warning" : "success" };
}

/**
 * The toast after a customer signs in: the greeting, or — when the guest cart joined the account's
 * and some line hit what is left — the lines it lowered (one toast: the later cookie would hide the first).
 */
export function signedInToast(capped: readonly CappedCartLine[], locale: Locale, t: TFunction<"shop">): Toast {
  return capped.length ? mergeCappedToast(capped, locale, t) : { key: "auth:login.signedIn" };
}

/**
 * The toast after a sign-in whose merge lowered guest-cart lines to what is left: each line named
 * ("Shirt (Black / M): only 3 left — quantity set to 3"), in the language of the page signed in on,
 * and kept until closed.
 */
function mergeCappedToast(capped: readonly CappedCartLine[], locale: Locale, t: TFunction<"shop">): Toast {
  const lines = capped.slice(0, 5).map((line) => {
    const name = localized(line, "name", locale);
    const options = localized(line, "options", locale);
    return t("flash.mergeCappedLine", { name: options ? `${name} (${options})` : name, count: line.quantity });
  });
  return {
    key: "shop:flash.mergeCappedTitle",
    detailKey: "shop:flash.mergeCappedDetail",
    values: { lines: lines.join(" · ").slice(0, 480) },
    type: "warning",
    keep: true,
  };
}

/**
 * POST /cart: add | update | remove | clear | accept-prices. Staff have no cart (spec §6): 403. Bad input and
 * refusals: 400 with message keys (shop:validation), nothing written. Forms sent by JavaScript
 * (`enhanced=1`, fetchers) get data back and stay on their page; plain forms are redirected to the
 * cart with a one-off message.
 */
export async function handleCartAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "shop");
  const viewer = getViewer(context);

  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: cartFormSchema });
  const refuse = (key: string, status: number, intent?: string) =>
    data<CartActionData>({ ok: false, intent, result: submission.reply({ formErrors: [key] }) }, { status });
  if (viewer.kind === "staff") return refuse("staff", 403);
  if (submission.status !== "success") return data<CartActionData>({ ok: false, result: submission.reply() }, { status: 400 });

  const form = submission.value;
  const enhanced = formData.get("enhanced") === "1";
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
  if (!change.ok) return refuse(refusalKeys[change.reason], change.reason === "price-changed" ? 409 : 400, form.intent);

  const headers = new Headers();
  if (change.newSessionId) headers.append("Set-Cookie", sessionCookie(request, change.newSessionId, null));
  const outcome = outcomeOf(change, form.intent);
  // Capped: "Only N left — quantity set to N" (spec §5: never above max, and the shopper is told).
  const count = change.kind === "set" ? change.quantity : 1;
  if (!enhanced) return redirectWithToast(request, localizePath(locale, "/cart"), cartToast(outcome, count), { headers });
  return data<CartActionData>(
    {
      ok: true,
      intent: form.intent,
      message: t(outcomeKeys[outcome], { count }),
      ...(change.kind === "set" ? { quantity: change.quantity, capped: change.capped } : {}),
    },
    { headers },
  );
}
