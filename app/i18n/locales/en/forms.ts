/**
 * The form kit's words (app/ui/form): the messages every form shares, keyed as
 * app/ui/form/form-messages.ts names Zod's issues. `{{field}}` is the field's label; `{{count}}` the
 * number the key carries (spec §5: "{field} is required", "at most, at least or exactly N characters").
 */
export default {
  validation: {
    summary: "Please check the fields marked below.",
    required: "{{field}} is required",
    tooShort_one: "{{field}} must be at least {{count}} character",
    tooShort_other: "{{field}} must be at least {{count}} characters",
    tooLong_one: "{{field}} must be at most {{count}} character",
    tooLong_other: "{{field}} must be at most {{count}} characters",
    exactLength_one: "{{field}} must be exactly {{count}} character",
    exactLength_other: "{{field}} must be exactly {{count}} characters",
    min: "{{field}} must be at least {{count}}",
    max: "{{field}} must be at most {{count}}",
    number: "{{field}} must be a number",
    wholeNumber: "{{field}} must be a whole number",
    baht: "{{field}} must be an amount in Baht, e.g. 590 or 590.50",
    numbersOnly: "{{field}} may contain numbers only",
    email: "E-mail is invalid",
    choice: "Choose one of the listed values for {{field}}",
    tooFew: "Choose at least {{count}} for {{field}}",
    tooMany: "Choose at most {{count}} for {{field}}",
    fileType: "{{field}}: images or PDF only",
    fileTooLarge: "{{field}} is too large",
    invalid: "{{field}} is invalid",
  },
  optional: "(optional)",
  submitting: "Saving…",
  /** The way out of a "really do this?" question (app/ui/confirm-dialog.tsx), on the storefront and in the back office alike. */
  goBack: "Go back",
} as const;
