/** The two kinds of legal document; a policy's type never changes after creation. */
export const POLICY_TYPES = ['PRIVACY_POLICY', 'TERMS_CONDITIONS'] as const
export type PolicyType = (typeof POLICY_TYPES)[number]
