/** Small text helpers every e-mail template uses. */

/** Every value put into an e-mail's HTML goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

/** `{{name}}` placeholders of a translated text; unknown ones stay as they are. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}

/**
 * The one HTML document every e-mail is: doctype, `<html lang>` in the recipient's language,
 * `<head>` with the charset (Thai text breaks in clients that guess) and the subject as title,
 * then the shop's card. `bodyHtml` is already escaped by the template. Inline styles only: mail
 * clients ignore style sheets.
 */
export function emailDocument(locale: "en" | "th", title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:'Noto Sans Thai',Arial,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${bodyHtml}
</div></body></html>`;
}
