import { z } from "zod";

/**
 * The storefront contact form (spec §3 Contact message: name, e-mail, title, note). One schema for
 * the form in the browser and on the server; its messages are the form kit's keys (required,
 * tooLong, email), and a refusal after parsing (too many messages) is `content:validation`'s.
 */
export const contactLimits = { name: 100, email: 254, title: 150, note: 2000 } as const;

// Control characters are never meant (and some, like NUL, trip up mail clients): single-line
// fields lose them all (and runs of spaces), the message keeps its line breaks and tabs.
// eslint-disable-next-line no-control-regex
const anyControl = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const controlButLineBreaksAndTabs = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]+/g;
const singleLine = (value: string) => value.replace(anyControl, " ").replace(/\s+/g, " ").trim();
const multiLine = (value: string) => value.replace(/\r\n?/g, "\n").replace(controlButLineBreaksAndTabs, "").trim();

// Cleaned first, then measured: a name of spaces and control characters is an empty name.
const text = (max: number, clean: (value: string) => string) => z.string().transform(clean).pipe(z.string().min(1).max(max));

export const contactMessageSchema = z.object({
  name: text(contactLimits.name, singleLine),
  email: z
    .string()
    .transform((value) => singleLine(value).toLowerCase())
    .pipe(z.string().min(1).max(contactLimits.email).email()),
  title: text(contactLimits.title, singleLine),
  note: text(contactLimits.note, multiLine),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
