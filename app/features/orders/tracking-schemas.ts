import { z } from "zod";

import { text } from "~/ui/form/schema-fields";

/**
 * The /tracking lookup (a GET form: the answer can be bookmarked). The number is read as typed
 * (spaces and case do not matter, app/features/orders/tracking.server.ts); an unknown number or too
 * many tries come back as the field's message (tracking:validation.notFound / throttled).
 */
export const orderNumberMaxLength = 40;

export const trackingSchema = z.object({ number: text(orderNumberMaxLength) });
