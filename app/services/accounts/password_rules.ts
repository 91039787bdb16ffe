import { createRequire } from 'node:module'

/*
| The password rules of docs/api/accounts.md: 8 to 128 characters, not the account's e-mail, and not in
| a bundled list of common passwords (zxcvbn-ts's list of ~50,000, read once on first use).
*/

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

let commonPasswords: Set<string> | undefined

function isCommon(password: string): boolean {
  if (!commonPasswords) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as {
      dictionary: { passwords: string[] }
    }
    commonPasswords = new Set(
      dictionary.passwords.filter((entry) => entry.length >= PASSWORD_MIN_LENGTH)
    )
  }
  return commonPasswords.has(password.toLowerCase())
}

/** Why a password is refused, or null when it is acceptable for the account with `email`. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`
  }
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return 'The password must not be the e-mail address'
  }
  if (isCommon(password)) {
    return 'This password is too common; choose another'
  }
  return null
}
