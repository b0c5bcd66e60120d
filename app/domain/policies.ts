/** The policy pages staff edit (policies.kind); the schema and the back-office form share the list. */
export const policyKinds = ["privacy", "terms", "returns"] as const;
export type PolicyKind = (typeof policyKinds)[number];
