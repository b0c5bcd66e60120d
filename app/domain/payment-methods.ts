/**
 * How a shopper pays for an order at checkout and may switch on its payment page: PayPal, or a
 * PromptPay / bank transfer with a slip. A plain list (no Zod) so the checkout page can render its
 * choices without loading the schema that checks them.
 */
export const paymentMethods = ["paypal", "transfer"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
