import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { type Database, database } from "~/db/client";
import { preparedRead } from "~/db/prepared-read";
import { cartLines, carts } from "~/db/schema/cart";
import { customers, sessions } from "~/db/schema/customers";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";
import {
  type CartLineStatus,
  decideAdd,
  decidePriceAcceptance,
  decideUpdate,
  isPurchasable,
  needsPriceAcceptance,
  type PriceChange,
  reviewCartLine,
  reviewLinePrice,
} from "~/domain/cart";
import { mergeCarts } from "~/domain/cart-merge";
import { lineAmountSatang } from "~/domain/line-amounts";
import type { AppliedFlashSale } from "~/domain/pricing";
import { type PastSaleItem, salePriceLoss } from "~/domain/promotions";
import { createSession } from "~/features/sessions/sessions.server";

import { loadSellableVariants, sellableVariantReads, sellableVariantsFromRows } from "./offers.server";

/**
 * Server-side carts (DESIGN §5): a guest's cart hangs off their session, a customer's off the
 * customer. Every quantity decision comes from domain/cart with the max from domain/pricing, and
 * every price is read from D1 when the cart is shown; nothing the browser sends is a price. Each
 * line remembers the unit price the shopper last saw (ADR 0011): recorded from D1 at add, at a
 * quantity change and when the shopper accepts a changed price.
 */
type Statement = BatchItem<"sqlite">;

export type CartOwner = { customerId: number } | { sessionId: string };

export interface CartLineView {
  lineId: number;
  variantId: number;
  productSlug: string;
  nameEn: string;
  nameTh: string;
  optionsEn: string;
  optionsTh: string;
  imageKey: string | null;
  sku: string;
  /** What the line holds (after lowering it to what can be bought). */
  quantity: number;
  max: number;
  status: CartLineStatus;
  unitPriceSatang: number;
  wasPriceSatang: number | null;
  flashSale: AppliedFlashSale | null;
  /** The price moved since the shopper last saw it (null: no change, not known, or not buyable). */
  priceChange: PriceChange | null;
  /** 0 for a line that cannot be bought now. */
  lineTotalSatang: number;
}

export interface CartView {
  cartId: number | null;
  lines: CartLineView[];
  /** Sum over the lines that can be bought. */
  subtotalSatang: number;
  /** Units that can be bought (the badge counts every stored unit). */
  purchasableQuantity: number;
  /** A price went up since the shopper saw it and they have not accepted it: the checkout waits. */
  priceAcceptanceNeeded: boolean;
}

/**
 * "The cart of whoever this session cookie belongs to", for a page that reads the cart in the same
 * round trip as the session (docs/decisions/0019-d1-round-trips.md). It is cartOwnerOf(resolveViewer)
 * in SQL: a live session of an enabled customer → the customer's cart; any other live session that
 * is not staff → the session's guest cart; otherwise none.
 */
export type SessionCart = { sessionCookie: string };

function sessionCartId(db: Database, sessionId: string | SQLWrapper, now: number | SQLWrapper): SQL {
  const live = and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now));
  const customerCart = db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(sessions, eq(sessions.customerId, carts.customerId))
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(live, isNull(customers.disabledAt)));
  const guestCart = db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(sessions, eq(sessions.id, carts.sessionId))
    .leftJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(live, isNull(sessions.staffUserId), or(isNull(customers.id), isNotNull(customers.disabledAt))));
  return sql`coalesce((${customerCart}), (${guestCart}))`;
}

function ownerCondition(owner: CartOwner) {
  return "customerId" in owner ? eq(carts.customerId, owner.customerId) : eq(carts.sessionId, owner.sessionId);
}

async function findCartId(db: Database, owner: CartOwner): Promise<number | null> {
  const row = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).get();
  return row?.id ?? null;
}

function cartLinesQuery(db: Database, cartId: number | SQLWrapper) {
  return db
    .select({ lineId: cartLines.id, variantId: cartLines.variantId, quantity: cartLines.quantity, seenPriceSatang: cartLines.seenPriceSatang })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

/**
 * The cart page's reads for each kind of owner, their SQL built once per isolate (issue 19); the
 * request's values are the owner (`owner`: session cookie, customer id or session id) and `now`.
 */
function cartPageReadsFor(kind: "sessionCookie" | "customerId" | "sessionId") {
  const owner = sql.placeholder("owner");
  const now = sql.placeholder("now");
  const cartIdQuery = (db: Database) =>
    db
      .select({ id: carts.id })
      .from(carts)
      .where(
        kind === "sessionCookie"
          ? eq(carts.id, sessionCartId(db, owner, now))
          : kind === "customerId"
            ? eq(carts.customerId, owner)
            : eq(carts.sessionId, owner),
      )
      .limit(1);
  const variantIds = (db: Database) =>
    db
      .select({ id: cartLines.variantId })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartIdQuery(db)));
  return {
    cart: preparedRead((db) => cartIdQuery(db).prepare()),
    lines: preparedRead((db) => cartLinesQuery(db, cartIdQuery(db)).prepare()),
    sellable: sellableVariantReads(variantIds),
    pastSales: preparedRead((db) => pastSaleItemsQuery(db, variantIds(db), now).prepare()),
  };
}

const cartPageReads = {
  sessionCookie: cartPageReadsFor("sessionCookie"),
  customerId: cartPageReadsFor("customerId"),
  sessionId: cartPageReadsFor("sessionId"),
};

/**
 * The cart as the shopper sees it now. A line holding more than can be bought is lowered to the
 * max in D1 (so the badge and checkout agree); sold-out and withdrawn lines stay, flagged, until
 * removed, and count for nothing. A line whose price moved since the shopper saw it is flagged and
 * stays flagged until they accept it or change its quantity; a line with no seen price (older than
 * migration 0007) is not flagged and gets the price shown now recorded.
 */
/**
 * `readOnly`: only look (the checkout's price-acceptance check), leaving the lowering of over-stock
 * lines to the step that reports it to the shopper.
 */
export async function loadCart(d1: D1Database, owner: CartOwner | SessionCart | null, now = Date.now(), { readOnly = false } = {}): Promise<CartView> {
  const empty: CartView = { cartId: null, lines: [], subtotalSatang: 0, purchasableQuantity: 0, priceAcceptanceNeeded: false };
  if (!owner) return empty;
  const db = database(d1);
  // One round trip for any number of lines (issue 19): the cart, its lines, their prices and past
  // sales are all selected through the owner's cart id, never by ids read first.
  const reads = cartPageReads["sessionCookie" in owner ? "sessionCookie" : "customerId" in owner ? "customerId" : "sessionId"];
  const values = { owner: "sessionCookie" in owner ? owner.sessionCookie : "customerId" in owner ? owner.customerId : owner.sessionId, now };
  const [cartRows, stored, [variantRows, optionRows, imageRows, saleRows], pastSaleRows] = await Promise.all([
    reads.cart.all(d1, values),
    reads.lines.all(d1, values),
    reads.sellable(d1, values),
    reads.pastSales.all(d1, values),
  ]);
  const cartId = cartRows[0]?.id ?? null;
  if (cartId === null) return empty;
  if (stored.length === 0) return { ...empty, cartId };
  const sellable = sellableVariantsFromRows(variantRows, optionRows, imageRows, saleRows, now);

  const lines: CartLineView[] = [];
  const corrections: Statement[] = [];
  for (const line of stored) {
    const variant = sellable.get(line.variantId);
    if (!variant) continue;
    const review = reviewCartLine({ quantity: line.quantity, max: variant.offer.max, available: variant.available });
    const unitPriceSatang = variant.offer.unitPriceSatang;
    const recordSeen = line.seenPriceSatang === null ? { seenPriceSatang: unitPriceSatang } : {};
    if (review.status === "reduced" || line.seenPriceSatang === null) {
      corrections.push(
        db
          .update(cartLines)
          .set({ quantity: review.quantity, ...recordSeen, updatedAt: now })
          .where(eq(cartLines.id, line.lineId)),
      );
    }
    lines.push({
      lineId: line.lineId,
      variantId: line.variantId,
      productSlug: variant.productSlug,
      nameEn: variant.nameEn,
      nameTh: variant.nameTh,
      optionsEn: variant.optionsEn,
      optionsTh: variant.optionsTh,
      imageKey: variant.imageKey,
      sku: variant.sku,
      quantity: review.quantity,
      max: variant.offer.max,
      status: review.status,
      unitPriceSatang: variant.offer.unitPriceSatang,
      wasPriceSatang: variant.offer.wasPriceSatang,
      flashSale: variant.offer.flashSale,
      priceChange: reviewLinePrice({ seenPriceSatang: line.seenPriceSatang, currentPriceSatang: unitPriceSatang, status: review.status }),
      lineTotalSatang: isPurchasable(review.status) ? lineAmountSatang({ unitPriceSatang: variant.offer.unitPriceSatang, quantity: review.quantity }) : 0,
    });
  }
  if (corrections.length && !readOnly) await db.batch(corrections as [Statement, ...Statement[]]);
  // The checkout's look only asks whether a rise waits for OK, not why.
  if (!readOnly) explainSalePriceLosses(lines, pastSaleRows, now);
  const purchasable = lines.filter((line) => isPurchasable(line.status));
  return {
    cartId,
    lines,
    subtotalSatang: purchasable.reduce((sum, line) => sum + line.lineTotalSatang, 0),
    purchasableQuantity: purchasable.reduce((sum, line) => sum + line.quantity, 0),
    priceAcceptanceNeeded: needsPriceAcceptance(lines),
  };
}

/**
 * A rise flagged on a line is explained when a flash sale gave the price the shopper saw and no
 * longer applies (ended, switched off, sold to its cap): the same flag and OK as any rise, with the
 * reason beside it. One more read, only when some line's price went up.
 */
/** The flash-sale items of these variants that have started (a risen price may be a sale that ended or sold out). */
function pastSaleItemsQuery(db: Database, variantIds: SQLWrapper, now: number | SQLWrapper) {
  return db
    .select({
      variantId: flashSaleItems.variantId,
      salePriceSatang: flashSaleItems.salePriceSatang,
      quantityCap: flashSaleItems.quantityCap,
      soldCount: flashSaleItems.soldCount,
      isActive: flashSales.isActive,
      startsAt: flashSales.startsAt,
      endsAt: flashSales.endsAt,
    })
    .from(flashSaleItems)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleItems.flashSaleId))
    .where(and(inArray(flashSaleItems.variantId, variantIds), lte(flashSales.startsAt, now)));
}

function explainSalePriceLosses(lines: CartLineView[], rows: (PastSaleItem & { variantId: number })[], now: number): void {
  for (const line of lines) {
    if (line.priceChange?.direction !== "up") continue;
    const items: PastSaleItem[] = rows.filter((row) => row.variantId === line.variantId);
    line.priceChange = { ...line.priceChange, reason: salePriceLoss(line.priceChange.seenPriceSatang, items, now) };
  }
}

export type CartChange =
  | { ok: true; kind: "set"; quantity: number; capped: boolean; max: number }
  | { ok: true; kind: "removed" | "cleared" | "prices-accepted" }
  | { ok: false; reason: "unknown-variant" | "unknown-line" | "out-of-stock" | "unavailable" | "price-changed" };

/** The statement that makes sure the owner has a cart row (unique per owner). */
function ensureCartStatement(db: Database, owner: CartOwner, now: number) {
  return db
    .insert(carts)
    .values({ ...("customerId" in owner ? { customerId: owner.customerId } : { sessionId: owner.sessionId }), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

function cartIdOf(db: Database, owner: CartOwner) {
  return sql`(${db.select({ id: carts.id }).from(carts).where(ownerCondition(owner))})`;
}

/**
 * Adds a variant (the same variant sums, capped at its max). A guest without a session gets one
 * (`newSessionId` in the answer: the caller sets the cookie). Unknown variants change nothing.
 */
export async function addToCart(
  d1: D1Database,
  owner: CartOwner | null,
  input: { variantId: number; quantity: number },
  now = Date.now(),
): Promise<CartChange & { newSessionId?: string }> {
  const db = database(d1);
  const variant = (await loadSellableVariants(db, [input.variantId], now)).get(input.variantId);
  if (!variant) return { ok: false, reason: "unknown-variant" };
  const cartId = owner ? await findCartId(db, owner) : null;
  const existing =
    cartId === null
      ? undefined
      : await db
          .select({ quantity: cartLines.quantity })
          .from(cartLines)
          .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, input.variantId)))
          .get();
  const decision = decideAdd({ existingQuantity: existing?.quantity ?? 0, requested: input.quantity, max: variant.offer.max, available: variant.available });
  if (decision.kind === "refused") return { ok: false, reason: decision.reason };
  if (decision.kind === "remove") return { ok: true, kind: "removed" };

  let effectiveOwner = owner;
  let newSessionId: string | undefined;
  if (!effectiveOwner) {
    newSessionId = await createSession(d1, null, now);
    effectiveOwner = { sessionId: newSessionId };
  }
  const cartId2 = cartIdOf(db, effectiveOwner);
  await db.batch([
    ensureCartStatement(db, effectiveOwner, now),
    db
      .insert(cartLines)
      .values({
        cartId: cartId2,
        variantId: input.variantId,
        quantity: decision.quantity,
        seenPriceSatang: variant.offer.unitPriceSatang,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.variantId],
        set: { quantity: decision.quantity, seenPriceSatang: variant.offer.unitPriceSatang, updatedAt: now },
      }),
    db.update(carts).set({ updatedAt: now }).where(ownerCondition(effectiveOwner)),
  ]);
  return { ok: true, kind: "set", quantity: decision.quantity, capped: decision.capped, max: variant.offer.max, ...(newSessionId ? { newSessionId } : {}) };
}

/** The owner's line by its id or its variant; another cart's line is as unknown as a missing one. */
async function findLine(db: Database, owner: CartOwner | null, target: { lineId?: number; variantId?: number }) {
  if (!owner) return null;
  const cartId = await findCartId(db, owner);
  if (cartId === null) return null;
  const condition = target.lineId !== undefined ? eq(cartLines.id, target.lineId) : eq(cartLines.variantId, target.variantId ?? -1);
  return (
    (await db
      .select({ id: cartLines.id, variantId: cartLines.variantId })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), condition))
      .get()) ?? null
  );
}

/** Replaces a line's quantity (never above its max); 0 removes it. The shopper changed the line as shown, so its price now counts as seen. */
export async function updateCartLine(
  d1: D1Database,
  owner: CartOwner | null,
  input: { lineId?: number; variantId?: number; quantity: number },
  now = Date.now(),
): Promise<CartChange> {
  const db = database(d1);
  const line = await findLine(db, owner, input);
  if (!line) return { ok: false, reason: "unknown-line" };
  const variant = (await loadSellableVariants(db, [line.variantId], now)).get(line.variantId);
  const decision = decideUpdate({ requested: input.quantity, max: variant?.offer.max ?? 0, available: variant?.available ?? false });
  if (decision.kind === "refused") return { ok: false, reason: decision.reason };
  if (decision.kind === "remove") {
    await db.delete(cartLines).where(eq(cartLines.id, line.id));
    return { ok: true, kind: "removed" };
  }
  await db
    .update(cartLines)
    .set({ quantity: decision.quantity, seenPriceSatang: variant?.offer.unitPriceSatang ?? null, updatedAt: now })
    .where(eq(cartLines.id, line.id));
  return { ok: true, kind: "set", quantity: decision.quantity, capped: decision.capped, max: variant?.offer.max ?? 0 };
}

/**
 * The shopper accepts the prices shown for some lines (the OK button posts each line with the price
 * it showed). Recorded as seen only when every posted price is still today's D1 price, all in one
 * batch; otherwise nothing is written (a price that moved again is flagged again).
 */
export async function acceptCartPrices(
  d1: D1Database,
  owner: CartOwner | null,
  posted: readonly { lineId: number; priceSatang: number }[],
  now = Date.now(),
): Promise<CartChange> {
  if (!owner) return { ok: false, reason: "unknown-line" };
  const db = database(d1);
  const cartId = await findCartId(db, owner);
  if (cartId === null) return { ok: false, reason: "unknown-line" };
  const stored = await cartLinesQuery(db, cartId);
  const sellable = await loadSellableVariants(
    db,
    stored.map((line) => line.variantId),
    now,
  );
  const current = new Map<number, number>();
  for (const line of stored) {
    const variant = sellable.get(line.variantId);
    if (variant) current.set(line.lineId, variant.offer.unitPriceSatang);
  }
  const decision = decidePriceAcceptance(posted, current);
  if (decision.kind === "refused") return { ok: false, reason: decision.reason };
  const [first, ...rest] = decision.lines.map((line) =>
    db
      .update(cartLines)
      .set({ seenPriceSatang: line.priceSatang, updatedAt: now })
      .where(and(eq(cartLines.id, line.lineId), eq(cartLines.cartId, cartId))),
  );
  await db.batch([first!, ...rest]);
  return { ok: true, kind: "prices-accepted" };
}

export async function removeCartLine(d1: D1Database, owner: CartOwner | null, input: { lineId?: number; variantId?: number }): Promise<CartChange> {
  const db = database(d1);
  const line = await findLine(db, owner, input);
  if (!line) return { ok: false, reason: "unknown-line" };
  await db.delete(cartLines).where(eq(cartLines.id, line.id));
  return { ok: true, kind: "removed" };
}

export async function clearCart(d1: D1Database, owner: CartOwner | null): Promise<CartChange> {
  if (owner) {
    const db = database(d1);
    await db.delete(cartLines).where(inArray(cartLines.cartId, db.select({ id: carts.id }).from(carts).where(ownerCondition(owner))));
  }
  return { ok: true, kind: "cleared" };
}

/**
 * At sign-in (spec §4): the guest cart of the session being replaced joins the customer's cart by
 * domain/cart-merge, each line capped at its max now and keeping the lower price either cart saw
 * (so a rise since then is still flagged). Returns statements for the sign-in's own
 * batch, so the merge, the new session and the end of the guest session (and with it the guest
 * cart) happen together or not at all.
 */
export async function guestCartMergeStatements(d1: D1Database, guestSessionId: string | null, customerId: number, now = Date.now()): Promise<Statement[]> {
  return (await planGuestCartMerge(d1, guestSessionId, customerId, now)).statements;
}

/**
 * The merge's statements and the lines it held to less than the shopper put in, with their names:
 * sign-in passes those on (app/features/cart/cart-toasts.ts) so the next page says "only N left —
 * quantity set to N" for each.
 */
/** A line the sign-in merge lowered to what is left, named for the message that says so. */
export interface CappedCartLine {
  variantId: number;
  quantity: number;
  nameEn: string;
  nameTh: string;
  optionsEn: string;
  optionsTh: string;
}

export async function planGuestCartMerge(
  d1: D1Database,
  guestSessionId: string | null,
  customerId: number,
  now = Date.now(),
): Promise<{ statements: Statement[]; capped: CappedCartLine[] }> {
  const none = { statements: [], capped: [] };
  if (!guestSessionId) return none;
  const db = database(d1);
  const guestCartId = await findCartId(db, { sessionId: guestSessionId });
  if (guestCartId === null) return none;
  const customerCartId = await findCartId(db, { customerId });
  const [guestRows, customerRows] = await Promise.all([
    cartLinesQuery(db, guestCartId),
    customerCartId === null ? Promise.resolve([]) : cartLinesQuery(db, customerCartId),
  ]);
  if (guestRows.length === 0) return none;
  const sellable = await loadSellableVariants(
    db,
    [...guestRows, ...customerRows].map((line) => line.variantId),
    now,
  );
  const maxOf = (variantId: number) => {
    const variant = sellable.get(variantId);
    return variant?.available ? variant.offer.max : 0;
  };
  const plan = mergeCarts(
    guestRows.map((line) => ({ variantId: line.variantId, quantity: line.quantity, max: maxOf(line.variantId), seenPriceSatang: line.seenPriceSatang })),
    customerRows.map((line) => ({ variantId: line.variantId, quantity: line.quantity, max: maxOf(line.variantId), seenPriceSatang: line.seenPriceSatang })),
  );
  const owner = { customerId };
  const cartId = cartIdOf(db, owner);
  const statements: Statement[] = [ensureCartStatement(db, owner, now)];
  for (const line of plan.insert) {
    statements.push(
      db
        .insert(cartLines)
        .values({ cartId, variantId: line.variantId, quantity: line.quantity, seenPriceSatang: line.seenPriceSatang, createdAt: now, updatedAt: now })
        .onConflictDoNothing(),
    );
  }
  for (const line of plan.update) {
    const where = and(sql`${cartLines.cartId} = ${cartId}`, eq(cartLines.variantId, line.variantId));
    statements.push(
      line.quantity > 0
        ? db.update(cartLines).set({ quantity: line.quantity, seenPriceSatang: line.seenPriceSatang, updatedAt: now }).where(where)
        : db.delete(cartLines).where(where),
    );
  }
  const capped = plan.capped.map(({ variantId, quantity }) => {
    const variant = sellable.get(variantId);
    return {
      variantId,
      quantity,
      nameEn: variant?.nameEn ?? "",
      nameTh: variant?.nameTh ?? "",
      optionsEn: variant?.optionsEn ?? "",
      optionsTh: variant?.optionsTh ?? "",
    };
  });
  return { statements, capped };
}

/**
 * At registration the new customer has no cart yet: the guest cart simply becomes theirs.
 * `customerId` may be a subquery (the customer row is inserted in the same batch).
 */
export function adoptGuestCartStatement(d1: D1Database, guestSessionId: string, customerId: number | ReturnType<typeof sql>, now = Date.now()): Statement {
  return database(d1).update(carts).set({ customerId, sessionId: null, updatedAt: now }).where(eq(carts.sessionId, guestSessionId));
}
