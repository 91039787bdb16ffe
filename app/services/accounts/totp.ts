import { Secret, TOTP } from 'otpauth'

/**
 * RFC 6238 time-based codes as every authenticator app makes them: SHA-1, 6 digits, 30-second
 * steps. Pure: the instant is always the caller's (the service passes Luxon's clock, which tests
 * stop and move), so nothing here reads the time.
 */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6

/** Codes of one step before or after the current one are accepted too (clock drift). */
export const TOTP_DRIFT_STEPS = 1

/** A new random secret (160 bits, the RFC's recommendation for SHA-1), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totpOf(secret: string, issuer = '', label = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString()
}

/** The code of `secret` at `atMs` (milliseconds since the epoch). */
export function totpCode(secret: string, atMs: number): string {
  return totpOf(secret).generate({ timestamp: atMs })
}

/** The 30-second step `atMs` falls in. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS)
}

/**
 * The step `code` belongs to when it is the code of `secret` at `atMs` or within the allowed
 * drift, else null. The step is what makes a code spent: the caller refuses a step at or before
 * the last one accepted.
 */
export function matchingTotpStep(secret: string, code: string, atMs: number): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null
  const delta = totpOf(secret).validate({ token: code, timestamp: atMs, window: TOTP_DRIFT_STEPS })
  return delta === null ? null : totpStep(atMs) + delta
}
