import { expect } from "@playwright/test";

/**
 * The shopper's mailbox: the local stand-in of the e-mail API (scripts/e2e.ts passes its address)
 * keeps every mail the shop sent. Links are read from here, as the shopper gets them — the back
 * office's outbox masks their keys (docs/security.md, Sessions).
 */
const emailApi = process.env.E2E_EMAIL_URL ?? "";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest link matching `pattern` in the mails sent to `email` (waits for delivery), as a path with its query. */
export async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${emailApi}/messages?to=${encodeURIComponent(email)}`);
        const mails = ((await response.json()) as { data: Mail[] }).data;
        link = mails
          .map((mail) => mail.text.match(pattern)?.[0])
          .filter(Boolean)
          .at(-1);
        return link ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The text of the newest mail to `email` whose subject matches `subject` (waits for delivery). */
export async function mailedText(email: string, subject: RegExp): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${emailApi}/messages?to=${encodeURIComponent(email)}`);
        const mails = ((await response.json()) as { data: Mail[] }).data;
        text = mails.filter((mail) => subject.test(mail.subject)).at(-1)?.text;
        return text ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return text!;
}
