/** Sign-in providers (docs/decisions/0009-social-sign-in.md); the schema and the sign-in buttons share them. */
export const socialProviders = ["google", "line", "facebook"] as const;
export type SocialProvider = (typeof socialProviders)[number];
