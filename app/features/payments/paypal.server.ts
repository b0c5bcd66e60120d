import { formatPromptPayAmount } from "~/domain/promptpay";

/**
 * PayPal REST over fetch (DESIGN §5, docs/decisions/0013-payments.md): OAuth 2.0 client
 * credentials, Orders v2 (create, get, capture) and the webhook signature check. Nothing here
 * touches the database; app/features/payments/paypal-payments.server.ts decides what a response
 * means for an order.
 *
 * Configuration comes from the environment: PAYPAL_API_BASE (default: the sandbox),
 * PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET (a secret) and PAYPAL_WEBHOOK_ID. Without an id and a
 * secret PayPal is "not configured" and the payment page offers bank transfer only.
 */
export const paypalSandboxBase = "https://api-m.sandbox.paypal.com";
const requestTimeoutMs = 15_000;

export interface PayPalEnv {
  KV: KVNamespace;
  PAYPAL_API_BASE?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
}

export interface PayPalConfig {
  base: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

export function paypalConfig(env: PayPalEnv): PayPalConfig | null {
  const clientId = env.PAYPAL_CLIENT_ID?.trim();
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  const base = (env.PAYPAL_API_BASE?.trim() || paypalSandboxBase).replace(/\/+$/, "");
  return { base, clientId, clientSecret, webhookId: env.PAYPAL_WEBHOOK_ID?.trim() ?? "" };
}

/** PayPal's answer to a call that did not succeed, or the network failing. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    /** `name` of PayPal's error body, e.g. UNPROCESSABLE_ENTITY, or "NETWORK". */
    readonly errorName: string,
    /** `details[].issue`, e.g. ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED. */
    readonly issues: string[],
    readonly debugId: string | null,
  ) {
    super(`PayPal ${status} ${errorName}${issues.length ? ` (${issues.join(", ")})` : ""}${debugId ? ` debug_id ${debugId}` : ""}`);
    this.name = "PayPalError";
  }

  hasIssue(issue: string): boolean {
    return this.issues.includes(issue);
  }
}

// ----- access token ------------------------------------------------------------------------------

async function tokenCacheKey(config: PayPalConfig): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${config.base}|${config.clientId}`)));
  return `paypal:token:${[...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A bearer token for the REST calls, kept in KV until shortly before it expires (PayPal issues
 * them for about nine hours; asking for one per request would be slow and rate limited).
 */
export async function accessToken(env: PayPalEnv, config: PayPalConfig, options: { fresh?: boolean } = {}): Promise<string> {
  const key = await tokenCacheKey(config);
  if (!options.fresh) {
    const cached = await env.KV.get(key);
    if (cached) return cached;
  }
  let response: Response;
  try {
    response = await fetch(`${config.base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch {
    throw new PayPalError(0, "NETWORK", [], null);
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (!response.ok || typeof body.access_token !== "string")
    throw new PayPalError(response.status, body.error ?? "AUTHENTICATION_FAILURE", [], response.headers.get("paypal-debug-id"));
  const expiresIn = typeof body.expires_in === "number" ? body.expires_in : 0;
  // KV needs at least 60 s; keep a margin so a cached token is never used after it expired.
  const ttl = Math.floor(expiresIn - 300);
  if (ttl >= 60) await env.KV.put(key, body.access_token, { expirationTtl: ttl });
  return body.access_token;
}

interface CallOptions {
  method: "GET" | "POST";
  path: string;
  body?: string;
  requestId?: string;
}

/** One authenticated JSON call; a 401 (token revoked early) gets one retry with a fresh token. */
async function call<T>(env: PayPalEnv, config: PayPalConfig, options: CallOptions): Promise<{ status: number; body: T }> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const token = await accessToken(env, config, { fresh: attempt > 0 });
    let response: Response;
    try {
      response = await fetch(`${config.base}${options.path}`, {
        method: options.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
          ...(options.requestId ? { "paypal-request-id": options.requestId } : {}),
          prefer: "return=representation",
        },
        body: options.body,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch {
      throw new PayPalError(0, "NETWORK", [], null);
    }
    if (response.status === 401 && attempt === 0) {
      await response.body?.cancel();
      continue;
    }
    const parsed = (await response.json().catch(() => null)) as (T & { name?: string; details?: { issue?: string }[]; debug_id?: string }) | null;
    if (!response.ok || parsed === null) {
      const issues = (parsed?.details ?? []).map((detail) => detail.issue).filter((issue): issue is string => typeof issue === "string");
      throw new PayPalError(response.status, parsed?.name ?? "UNKNOWN", issues, parsed?.debug_id ?? response.headers.get("paypal-debug-id"));
    }
    return { status: response.status, body: parsed };
  }
  throw new PayPalError(401, "AUTHENTICATION_FAILURE", [], null);
}

// ----- Orders v2 ---------------------------------------------------------------------------------

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  amount?: PayPalMoney;
  custom_id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PayPalOrder {
  id: string;
  status: string;
  links?: { href: string; rel: string; method?: string }[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: PayPalMoney;
    payments?: { captures?: PayPalCapture[] };
  }[];
}

/** "1234.50" — PayPal's THB amounts have two decimals. */
export function paypalAmount(amountSatang: number): string {
  return formatPromptPayAmount(amountSatang);
}

export interface CreateOrderInput {
  orderNumber: string;
  totalSatang: number;
  locale: "en" | "th";
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
}

/**
 * The PayPal-Request-Id of "create the PayPal order for this order at this amount": the same
 * shopper pressing Pay twice, or coming back after cancelling, gets the same PayPal order back.
 */
export function createRequestId(orderNumber: string, totalSatang: number): string {
  return `pryde-create-${orderNumber}-${totalSatang}`;
}

/** The PayPal-Request-Id of capturing one PayPal order: a retried capture is the same capture. */
export function captureRequestId(paypalOrderId: string): string {
  return `pryde-capture-${paypalOrderId}`;
}

export async function createPayPalOrder(env: PayPalEnv, config: PayPalConfig, input: CreateOrderInput): Promise<PayPalOrder> {
  const body = {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: input.orderNumber,
        invoice_id: input.orderNumber,
        custom_id: input.orderNumber,
        amount: { currency_code: "THB", value: paypalAmount(input.totalSatang) },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: input.brandName.slice(0, 127),
          locale: input.locale === "th" ? "th-TH" : "en-US",
          shipping_preference: "NO_SHIPPING",
          user_action: "PAY_NOW",
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
        },
      },
    },
  };
  const { body: order } = await call<PayPalOrder>(env, config, {
    method: "POST",
    path: "/v2/checkout/orders",
    body: JSON.stringify(body),
    requestId: createRequestId(input.orderNumber, input.totalSatang),
  });
  return order;
}

/** Where the shopper approves: `payer-action` (payment_source requests) or `approve` (older style). */
export function approvalLink(order: PayPalOrder): string | null {
  const link = order.links?.find((candidate) => candidate.rel === "payer-action") ?? order.links?.find((candidate) => candidate.rel === "approve");
  return link && /^https?:\/\//.test(link.href) ? link.href : null;
}

/** PayPal order ids are 17 upper-case letters and digits; anything else is not worth a call. */
export function isPayPalOrderId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Z0-9]{10,40}$/.test(value);
}

export async function getPayPalOrder(env: PayPalEnv, config: PayPalConfig, paypalOrderId: string): Promise<PayPalOrder> {
  const { body } = await call<PayPalOrder>(env, config, { method: "GET", path: `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}` });
  return body;
}

export async function capturePayPalOrder(env: PayPalEnv, config: PayPalConfig, paypalOrderId: string): Promise<PayPalOrder> {
  const { body } = await call<PayPalOrder>(env, config, {
    method: "POST",
    path: `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`,
    body: "{}",
    requestId: captureRequestId(paypalOrderId),
  });
  return body;
}

/** The first capture of an order's first purchase unit (the shop sends one unit). */
export function firstCapture(order: PayPalOrder): PayPalCapture | null {
  return order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;
}

// ----- refunds ----------------------------------------------------------------------------------

export interface PayPalRefund {
  id: string;
  /** COMPLETED, or PENDING while PayPal finishes it (it still goes through). */
  status: string;
  amount?: PayPalMoney;
}

/** The PayPal-Request-Id of refunding one payment row: pressing Refund twice is one refund. */
export function refundRequestId(paymentId: number): string {
  return `pryde-refund-payment-${paymentId}`;
}

/**
 * Refunds a capture in full (POST /v2/payments/captures/{id}/refund with an empty body: PayPal
 * returns whatever of the capture is left).
 */
export async function refundPayPalCapture(env: PayPalEnv, config: PayPalConfig, captureId: string, requestId: string): Promise<PayPalRefund> {
  const { body } = await call<PayPalRefund>(env, config, {
    method: "POST",
    path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
    body: "{}",
    requestId,
  });
  return body;
}

/** "1234.50" THB → 123450 satang; null for anything else (another currency, a malformed value). */
export function satangOfPayPalAmount(amount: PayPalMoney | undefined): number | null {
  if (!amount || amount.currency_code !== "THB" || !/^\d{1,10}(?:\.\d{1,2})?$/.test(amount.value)) return null;
  const [whole, fraction = ""] = amount.value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

// ----- webhooks ----------------------------------------------------------------------------------

export interface WebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export function webhookHeaders(headers: Headers): WebhookHeaders | null {
  const read = (name: string) => headers.get(name)?.trim() ?? "";
  const values = {
    authAlgo: read("paypal-auth-algo"),
    certUrl: read("paypal-cert-url"),
    transmissionId: read("paypal-transmission-id"),
    transmissionSig: read("paypal-transmission-sig"),
    transmissionTime: read("paypal-transmission-time"),
  };
  return Object.values(values).every((value) => value.length > 0 && value.length <= 2000) ? values : null;
}

/**
 * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature).
 * The event goes back exactly as it arrived — spliced in as raw JSON, not re-serialised — since the
 * signature covers the bytes PayPal sent.
 */
export async function verifyWebhookSignature(env: PayPalEnv, config: PayPalConfig, headers: WebhookHeaders, rawBody: string): Promise<boolean> {
  if (!config.webhookId) return false;
  const envelope = JSON.stringify({
    auth_algo: headers.authAlgo,
    cert_url: headers.certUrl,
    transmission_id: headers.transmissionId,
    transmission_sig: headers.transmissionSig,
    transmission_time: headers.transmissionTime,
    webhook_id: config.webhookId,
    webhook_event: null,
  });
  const body = `${envelope.slice(0, -"null}".length)}${rawBody}}`;
  try {
    const { body: answer } = await call<{ verification_status?: string }>(env, config, {
      method: "POST",
      path: "/v1/notifications/verify-webhook-signature",
      body,
    });
    return answer.verification_status === "SUCCESS";
  } catch (error) {
    if (error instanceof PayPalError && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}
