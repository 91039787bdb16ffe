/** What a one-time code proves; a code for one purpose is never accepted for the other. */
export const CodePurpose = {
  EMAIL_VERIFICATION: 'EMAIL_VERIFICATION',
  PASSWORD_RESET: 'PASSWORD_RESET',
} as const

export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose]
