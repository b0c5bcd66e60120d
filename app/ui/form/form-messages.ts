import type { $ZodErrorMap } from "zod/v4/core";

/**
 * THE mapping from Zod issues to form messages, installed as Zod's global error map (app/zod-setup.ts),
 * so every form on the server and in the browser (and the API's 400 answers) uses it: an issue becomes a message *key* with at most one number,
 * `"tooLong:45"`, never text — so the same result is shown in whichever language the page is in.
 * A schema may name its own key (`.regex(…, "slugInvalid")`): keys are looked up in the form's own
 * namespace (`<ns>:validation.<key>`) first, then in `forms:validation.<key>`.
 *
 * Keys the kit knows (forms:validation): required, tooShort, tooLong, exactLength, min, max,
 * wholeNumber, number, email, choice, invalid, fileType, fileTooLarge.
 */
export const formErrorMap: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null || issue.input === "") return "required";
      if (issue.expected === "int") return "wholeNumber";
      return issue.expected === "number" ? "number" : "invalid";
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") return minimum <= 1 ? "required" : `${issue.exact ? "exactLength" : "tooShort"}:${minimum}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `min:${minimum}`;
      if (issue.origin === "array" || issue.origin === "set") return minimum <= 1 ? "required" : `tooFew:${minimum}`;
      return "invalid";
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return `${issue.exact ? "exactLength" : "tooLong"}:${maximum}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `max:${maximum}`;
      if (issue.origin === "file") return "fileTooLarge";
      if (issue.origin === "array" || issue.origin === "set") return `tooMany:${maximum}`;
      return "invalid";
    }
    case "invalid_format":
      return issue.format === "email" ? "email" : "invalid";
    case "not_multiple_of":
      return "wholeNumber";
    case "invalid_value":
      return "choice";
    default:
      return "invalid";
  }
};

/** A message key as the kit stores it ("tooLong:45") split into the key and its number. */
export function splitMessageKey(message: string): { key: string; count: number | undefined } {
  const separator = message.indexOf(":");
  if (separator < 0) return { key: message, count: undefined };
  const count = Number(message.slice(separator + 1));
  return { key: message.slice(0, separator), count: Number.isFinite(count) ? count : undefined };
}
