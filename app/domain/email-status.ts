/** Where an outbox mail stands (email_outbox.status); the schema and the outbox list's filter share it. */
export const emailStatuses = ["pending", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];
