/**
 * Links in e-mails that carry a secret: account links (`?token=` — set a new password, verify the
 * e-mail) and a guest order's links (`?key=` — open the order, pay, change a design). Whoever reads
 * the link holds the account or the order, so staff reading the outbox see where a link points but
 * never its secret (issue 13 item 1): the value is replaced wherever it appears — the rendered HTML
 * (where `&` is written `&amp;`), the plain text and the stored data.
 */
export const secretLinkParameters = ["token", "key"] as const;

export const maskedSecret = "••••••";

const secretParameter = new RegExp(`([?&](?:amp;)?(?:${secretLinkParameters.join("|")})=)[^&\\s"'<>#\\\\]+`, "gi");

export function maskSecretLinks(text: string): string {
  return text.replace(secretParameter, `$1${maskedSecret}`);
}
