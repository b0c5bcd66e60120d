/**
 * Spec §1's privacy numbers, one source for every place that states them (the membership-terms
 * dialog, the privacy-policy page's summary, the demo policy text): personal data is kept for 6
 * months; a breach is reported to the authority within 72 hours.
 */
export const personalDataRetentionMonths = 6;
export const breachNoticeHours = 72;

/** The values the `terms` texts interpolate ({{months}}, {{hours}}). */
export const privacyNumbers = { months: personalDataRetentionMonths, hours: breachNoticeHours } as const;
