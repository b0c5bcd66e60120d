/**
 * Order statuses and the one table of allowed changes (DESIGN §4.9, docs/decisions/0003-order-statuses.md).
 * Every change of status — a staff action, the payment callback or webhook, a cron job, the shopper —
 * asks {@link decideStatusChange} first and records the actor and time with the change.
 */
export const orderStatuses = {
  1: "waiting_payment",
  2: "paid",
  3: "awaiting_fulfilment",
  4: "fulfilment_done",
  5: "refund_request",
  6: "in_review",
  7: "completed",
  8: "cancelled",
  9: "refunded",
  10: "slip_review",
} as const;

export type OrderStatusId = keyof typeof orderStatuses;
export type OrderStatusName = (typeof orderStatuses)[OrderStatusId];

// The annotations let a bundle that imports nothing from here leave the tables out (issue 19: the
// product page's stars reached this module through app/domain/reviews.ts and loaded it whole).
export const orderStatusIds = /* @__PURE__ */ Object.keys(orderStatuses).map(Number) as OrderStatusId[];

/** Ids by name, for code that reads better with names: `orderStatusId.paid` → 2. */
export const orderStatusId = /* @__PURE__ */ Object.fromEntries(/* @__PURE__ */ Object.entries(orderStatuses).map(([id, name]) => [name, Number(id)])) as {
  [Id in OrderStatusId as (typeof orderStatuses)[Id]]: Id;
};

/**
 * Statuses that need someone in the shop to act; the back-office sidebar counts orders in these
 * (spec §3, §7: ids 1–6 and 10).
 */
export const staffAttentionStatusIds: readonly OrderStatusId[] = [1, 2, 3, 4, 5, 6, 10];

/** Statuses no change leads out of. */
export const finalStatusIds: readonly OrderStatusId[] = [8, 9];

export type ActorKind = "customer" | "staff" | "payment-provider" | "system";

export interface StatusTransition {
  from: OrderStatusName;
  to: OrderStatusName;
  /** Who may make this change. */
  actors: readonly ActorKind[];
  /** The order's stock goes back on the shelf (cancel, refund) — in the same batch as the change. */
  restock: boolean;
  /** Only together with money received: a PayPal capture, cash at the counter, an approved slip. */
  needsPayment: boolean;
  /** Why the change happens, for the decision record and the order history. */
  when: string;
}

const transition = /* @__NO_SIDE_EFFECTS__ */ (
  from: OrderStatusName,
  to: OrderStatusName,
  actors: readonly ActorKind[],
  when: string,
  effects: { restock?: boolean; needsPayment?: boolean } = {},
): StatusTransition => ({
  from,
  to,
  actors,
  restock: effects.restock ?? false,
  needsPayment: effects.needsPayment ?? false,
  when,
});

export const statusTransitions: readonly StatusTransition[] = [
  transition("in_review", "waiting_payment", ["staff"], "staff confirm a custom design (the shopper gets a pay link)"),
  transition("in_review", "cancelled", ["staff", "customer"], "staff reject the design or the shopper withdraws it", { restock: true }),

  transition("waiting_payment", "paid", ["payment-provider", "staff"], "PayPal capture completes, or staff take cash", { needsPayment: true }),
  transition("waiting_payment", "slip_review", ["customer", "staff"], "a bank-transfer slip is uploaded"),
  transition("waiting_payment", "cancelled", ["customer", "staff", "system"], "the shopper or staff cancel, or an unpaid order expires", { restock: true }),

  transition("slip_review", "paid", ["staff"], "staff approve the transfer slip", { needsPayment: true }),
  transition("slip_review", "waiting_payment", ["staff"], "staff reject the slip (the shopper may pay again)"),

  transition("paid", "awaiting_fulfilment", ["staff", "system"], "the order is queued for packing"),
  transition("paid", "refund_request", ["customer", "staff"], "the shopper asks for the money back"),
  transition("paid", "cancelled", ["staff"], "staff cancel a paid order (the money is returned outside this change)", { restock: true }),

  transition("awaiting_fulfilment", "fulfilment_done", ["staff"], "the parcel is handed to the carrier"),
  transition("awaiting_fulfilment", "refund_request", ["customer", "staff"], "the shopper asks for the money back before shipping"),

  transition("fulfilment_done", "completed", ["customer", "staff", "system"], "the shopper confirms receipt, or it is assumed after the delivery window"),
  transition("fulfilment_done", "refund_request", ["customer", "staff"], "the shopper asks for the money back after shipping"),

  transition("completed", "refund_request", ["customer", "staff"], "the shopper asks for the money back after receipt"),

  transition("refund_request", "refunded", ["staff", "payment-provider"], "staff grant the refund, or the provider reports it done", { restock: true }),
  transition("refund_request", "completed", ["staff"], "staff decline the request"),
  transition("refund_request", "awaiting_fulfilment", ["staff"], "staff decline a request made before shipping; packing resumes"),
];

export function isOrderStatusId(value: unknown): value is OrderStatusId {
  return typeof value === "number" && Object.hasOwn(orderStatuses, value);
}

/** The i18n key for a status's label ("paid", "waiting_payment", …); "unknown" for an id not in the table. */
export function statusLabelKey(id: number): OrderStatusName | "unknown" {
  return isOrderStatusId(id) ? orderStatuses[id] : "unknown";
}

export type StatusChangeDecision =
  { ok: true; restock: boolean; needsPayment: boolean } | { ok: false; reason: "unknown-status" | "not-allowed" | "actor-not-allowed" | "same-status" };

export function decideStatusChange(from: number, to: number, actor: ActorKind): StatusChangeDecision {
  if (!isOrderStatusId(from) || !isOrderStatusId(to)) return { ok: false, reason: "unknown-status" };
  if (from === to) return { ok: false, reason: "same-status" };
  const found = findTransition(orderStatuses[from], orderStatuses[to]);
  if (!found) return { ok: false, reason: "not-allowed" };
  if (!found.actors.includes(actor)) return { ok: false, reason: "actor-not-allowed" };
  return { ok: true, restock: found.restock, needsPayment: found.needsPayment };
}

/** The statuses an actor may move an order to from `from` (the buttons a screen offers), in table order. */
export function nextStatusIds(from: number, actor: ActorKind): OrderStatusId[] {
  if (!isOrderStatusId(from)) return [];
  return statusTransitions
    .filter((candidate) => candidate.from === orderStatuses[from] && candidate.actors.includes(actor))
    .map((candidate) => orderStatusId[candidate.to]);
}

function findTransition(from: OrderStatusName, to: OrderStatusName): StatusTransition | undefined {
  return statusTransitions.find((candidate) => candidate.from === from && candidate.to === to);
}
