import { eq, inArray } from "drizzle-orm";

import { database } from "~/db/client";
import { authThrottle } from "~/db/schema/accounts";
import { config, configKeys } from "~/db/schema/config";
import { contactMessages } from "~/db/schema/messaging";
import { recordFailureStatement, throttleWindowMs } from "~/features/accounts/throttle.server";
import { contactMessageSubject } from "~/features/email/contact-message-email";
import { outboxInsert } from "~/features/email/outbox.server";
import type { Locale } from "~/i18n/config";

import type { ContactMessageInput } from "./contact-schemas";

/**
 * Messages from the storefront contact form. A message is stored for staff together with an e-mail
 * to the shop's address (config_website_email) in one batch: both exist or neither. Senders are
 * throttled lightly by client address (the sign-in throttle's counter table, its own key and limit)
 * so a script cannot fill the inbox; refused messages write nothing.
 */
export const contactMessagesPerWindow = 5;

export type ContactResult = { ok: true; id: number } | { ok: false; reason: "throttled" };

function throttleKey(address: string): string {
  return `contact:ip:${address.slice(0, 64)}`;
}

export async function submitContactMessage(
  d1: D1Database,
  message: ContactMessageInput,
  options: { customerId: number | null; locale: Locale; clientAddress: string },
  now = Date.now(),
): Promise<ContactResult> {
  const db = database(d1);
  const key = throttleKey(options.clientAddress);
  const [counters, shopEmailRows] = await db.batch([
    db
      .select({ count: authThrottle.count, windowStart: authThrottle.windowStart })
      .from(authThrottle)
      .where(inArray(authThrottle.key, [key])),
    db.select({ value: config.value }).from(config).where(eq(config.key, configKeys.email)),
  ]);
  const counter = counters[0];
  if (counter && counter.windowStart > now - throttleWindowMs && counter.count >= contactMessagesPerWindow) return { ok: false, reason: "throttled" };

  const shopEmail = shopEmailRows[0]?.value.trim() ?? "";
  const insertMessage = db
    .insert(contactMessages)
    .values({ ...message, customerId: options.customerId, createdAt: now })
    .returning({ id: contactMessages.id });
  const countMessage = recordFailureStatement(d1, key, now);
  // Without a shop address (not set in the settings yet) staff still find the message in the back office.
  const [inserted] = shopEmail
    ? await db.batch([
        insertMessage,
        outboxInsert(
          d1,
          {
            to: shopEmail,
            locale: options.locale,
            template: "contact-message",
            subject: contactMessageSubject(options.locale, message.title),
            payload: { ...message, sentAt: now },
          },
          now,
        ),
        countMessage,
      ])
    : await db.batch([insertMessage, countMessage]);
  return { ok: true, id: inserted[0]!.id };
}
