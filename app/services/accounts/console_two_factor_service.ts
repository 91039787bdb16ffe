import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import QRCode from 'qrcode'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import encryption from '@adonisjs/core/services/encryption'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import consoleSecurity from '#config/console_security'
import AdminPasskey from '#models/admin_passkey'
import AdminRecoveryCode from '#models/admin_recovery_code'
import AdminTotpAuthenticator from '#models/admin_totp_authenticator'
import User from '#models/user'
import { isAdministrator } from '#policies/roles'
import {
  InvalidSecondFactor,
  SecondFactorRequired,
  TotpAlreadyEnrolled,
  TotpNotEnrolled,
} from '#exceptions/two_factor_errors'
import {
  countSecondFactorAttempt,
  forgetSecondFactorAttempts,
  recordSecondFactorFailure,
} from '#services/accounts/second_factor_attempts'
import { matchingTotpStep, newTotpSecret, totpUri } from '#services/accounts/totp'
import { recordSecurityEvent } from '#services/system/security_events'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import type { Actor, Caller } from '#support/actor'

export const RECOVERY_CODE_COUNT = 10

/** How a second factor was passed, as the security events and the sign-in report it. */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey'

/** What an administrator has enrolled, for the Security page. */
export interface SecondFactorStatus {
  totp: boolean
  recoveryCodesLeft: number
  passkeys: AdminPasskey[]
}

/** An authenticator being set up: shown as a QR code and as text until a code confirms it. */
export interface TotpSetup {
  secret: string
  uri: string
  qrCodeDataUrl: string
}

const TOTP_INDEX = {
  name: 'admin_totp_authenticators_user_unique',
  table: 'admin_totp_authenticators',
  columns: ['user_id'],
}

/** The encryption purpose of a secret: bound to its account, so a row copied to another fails. */
const secretPurpose = (userId: string) => `admin-totp:${userId}`

/** Recovery codes look like `3f9c2-a81b0`: 40 random bits each, lower-case hexadecimal. */
function newRecoveryCode(): string {
  const digits = randomBytes(5).toString('hex')
  return `${digits.slice(0, 5)}-${digits.slice(5)}`
}

/** What was typed, as stored: spaces and dashes dropped, lower case. */
function normalizedRecoveryCode(input: string): string {
  return input.replace(/[\s-]/g, '').toLowerCase()
}

/**
 * The console's TOTP authenticator and recovery codes, and the question every sign-in asks:
 * does this administrator have a second factor? Codes are counted against the account's
 * allowance before they are checked (second_factor_attempts.ts); a TOTP code is spent by one
 * conditional UPDATE of the last accepted step, a recovery code by one conditional UPDATE of its
 * `used_at`, so no number of parallel requests can use either twice.
 */
export class ConsoleTwoFactorService {
  /** True when `userId` has an authenticator or a passkey. */
  async hasSecondFactor(userId: string): Promise<boolean> {
    const [totp, passkey] = await Promise.all([
      AdminTotpAuthenticator.query().where('user_id', userId).select('id').first(),
      AdminPasskey.query().where('user_id', userId).select('id').first(),
    ])
    return totp !== null || passkey !== null
  }

  /**
   * The account a sign-in's second step acts for: the one whose password was accepted, if it is
   * still an active administrator with the same token version (a deactivation, demotion or
   * password change in between ends the wait).
   */
  async accountAwaitingSecondFactor(userId: string, tokenVersion: number): Promise<User | null> {
    const user = await User.find(userId)
    if (!user || !user.isActive || !isAdministrator(user)) return null
    return user.tokenVersion === tokenVersion ? user : null
  }

  async status(actor: Actor): Promise<SecondFactorStatus> {
    const userId = actor.user.id
    const [totp, left, passkeys] = await Promise.all([
      AdminTotpAuthenticator.query().where('user_id', userId).first(),
      AdminRecoveryCode.query().where('user_id', userId).whereNull('used_at').count('* as total'),
      AdminPasskey.query().where('user_id', userId).orderBy('created_at', 'asc'),
    ])
    return {
      totp: totp !== null,
      recoveryCodesLeft: Number(left[0].$extras.total),
      passkeys,
    }
  }

  /** A new secret to set up, not stored until a code of it confirms it (`enrolTotp`). */
  async startTotp(actor: Actor): Promise<TotpSetup> {
    if (await AdminTotpAuthenticator.findBy('user_id', actor.user.id)) {
      throw new TotpAlreadyEnrolled()
    }
    return this.totpSetupOf(actor.user, newTotpSecret())
  }

  /** The QR code and URI of a secret being set up (the page is shown again after a wrong code). */
  async totpSetupOf(user: User, secret: string): Promise<TotpSetup> {
    const uri = totpUri(secret, consoleSecurity.totpIssuer, user.email)
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
    return {
      secret,
      uri,
      qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    }
  }

  /**
   * Stores the authenticator once `code` shows the app has the secret, with 10 new recovery
   * codes, returned in clear this once. The confirming code is spent like any other.
   */
  async enrolTotp(actor: Actor, secret: string, code: string): Promise<string[]> {
    const userId = actor.user.id
    await countSecondFactorAttempt(actor, userId, 'totp')
    const step = matchingTotpStep(secret, code.trim(), DateTime.now().toMillis())
    if (step === null) {
      recordSecondFactorFailure(actor, userId, 'totp')
      throw new InvalidSecondFactor()
    }
    await forgetSecondFactorAttempts(userId)
    const codes = await this.#codesToStore()
    try {
      await db.transaction(async (trx) => {
        await AdminTotpAuthenticator.create(
          {
            userId,
            secretEncrypted: encryption.encrypt(secret, undefined, secretPurpose(userId)),
            lastUsedStep: step,
          },
          { client: trx }
        )
        await this.#replaceRecoveryCodes(trx, userId, codes.hashes)
      })
    } catch (error) {
      if (isUniqueViolation(error, TOTP_INDEX)) throw new TotpAlreadyEnrolled()
      throw error
    }
    recordSecurityEvent('two_factor.enrolled', {
      actorId: userId,
      targetId: userId,
      clientAddress: actor.clientAddress,
      method: 'totp',
    })
    return codes.clear
  }

  /** Removes the authenticator and its recovery codes (refused when it is the last factor required). */
  async removeTotp(actor: Actor): Promise<void> {
    const userId = actor.user.id
    await db.transaction(async (trx) => {
      const totp = await AdminTotpAuthenticator.query({ client: trx })
        .where('user_id', userId)
        .forUpdate()
        .first()
      if (!totp) throw new TotpNotEnrolled()
      await this.assertNotLastRequired(trx, userId, 'totp')
      await totp.useTransaction(trx).delete()
      await AdminRecoveryCode.query({ client: trx }).where('user_id', userId).delete()
    })
    recordSecurityEvent('two_factor.removed', {
      actorId: userId,
      targetId: userId,
      clientAddress: actor.clientAddress,
      method: 'totp',
    })
  }

  /** Replaces every recovery code with 10 new ones, returned in clear this once. */
  async renewRecoveryCodes(actor: Actor): Promise<string[]> {
    const userId = actor.user.id
    const codes = await this.#codesToStore()
    await db.transaction(async (trx) => {
      const totp = await AdminTotpAuthenticator.query({ client: trx })
        .where('user_id', userId)
        .forUpdate()
        .first()
      if (!totp) throw new TotpNotEnrolled()
      await this.#replaceRecoveryCodes(trx, userId, codes.hashes)
    })
    recordSecurityEvent('two_factor.recovery_codes_renewed', {
      actorId: userId,
      targetId: userId,
      clientAddress: actor.clientAddress,
    })
    return codes.clear
  }

  /**
   * Checks the code typed at sign-in: six digits are an authenticator code, anything else a
   * recovery code (which may be typed without its dash, all digits or not). The try is counted first; a pass gives the allowance back.
   */
  async verifyCode(caller: Caller, user: User, input: string): Promise<SecondFactorMethod> {
    const code = input.trim()
    // Recovery codes are 10 characters, so six digits can only be an app's code.
    const method: SecondFactorMethod = /^\d{6}$/.test(code) ? 'totp' : 'recovery_code'
    await countSecondFactorAttempt(caller, user.id, method)
    const passed =
      method === 'totp'
        ? await this.#spendTotpCode(user.id, code)
        : await this.#spendRecoveryCode(user.id, code)
    if (!passed) {
      recordSecondFactorFailure(caller, user.id, method)
      throw new InvalidSecondFactor()
    }
    await forgetSecondFactorAttempts(user.id)
    if (method === 'recovery_code') {
      recordSecurityEvent('two_factor.recovery_code_used', {
        actorId: null,
        targetId: user.id,
        clientAddress: caller.clientAddress,
        recoveryCodesLeft: await this.#recoveryCodesLeft(user.id),
      })
    }
    return method
  }

  /**
   * With CONSOLE_REQUIRE_2FA, the last second factor of an account cannot be removed: it would
   * only send its administrator back to enrol. Run under the row lock of the factor removed.
   */
  async assertNotLastRequired(
    trx: TransactionClientContract,
    userId: string,
    removing: 'totp' | 'passkey'
  ): Promise<void> {
    if (!consoleSecurity.requireSecondFactor) return
    const totps = await AdminTotpAuthenticator.query({ client: trx }).where('user_id', userId)
    const passkeys = await AdminPasskey.query({ client: trx }).where('user_id', userId).forUpdate()
    const remaining = totps.length + passkeys.length - 1
    if (remaining < 1 && (removing === 'totp' ? totps.length : passkeys.length) > 0) {
      throw new SecondFactorRequired()
    }
  }

  /** Spends `code` when it is the authenticator's code of a step later than the last one used. */
  async #spendTotpCode(userId: string, code: string): Promise<boolean> {
    const totp = await AdminTotpAuthenticator.findBy('user_id', userId)
    if (!totp) return false
    const secret = encryption.decrypt<string>(totp.secretEncrypted, secretPurpose(userId))
    if (!secret) return false
    const step = matchingTotpStep(secret, code, DateTime.now().toMillis())
    if (step === null) return false
    // The replay guard: of two requests with the same code, one moves the step, the other finds
    // it moved; an older code (a step already passed) is refused the same way.
    const updated = await db
      .from('admin_totp_authenticators')
      .where('id', totp.id)
      .where((query) => query.whereNull('last_used_step').orWhere('last_used_step', '<', step))
      .update({ last_used_step: step, updated_at: sqlTime() })
    return Number(Array.isArray(updated) ? updated[0] : updated) === 1
  }

  async #spendRecoveryCode(userId: string, input: string): Promise<boolean> {
    const code = normalizedRecoveryCode(input)
    if (!/^[0-9a-f]{10}$/.test(code)) return false
    const unused = await AdminRecoveryCode.query().where('user_id', userId).whereNull('used_at')
    for (const candidate of unused) {
      if (!(await hash.verify(candidate.codeHash, code))) continue
      const updated = await db
        .from('admin_recovery_codes')
        .where('id', candidate.id)
        .whereNull('used_at')
        .update({ used_at: sqlTime(), updated_at: sqlTime() })
      return Number(Array.isArray(updated) ? updated[0] : updated) === 1
    }
    return false
  }

  async #recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await AdminRecoveryCode.query()
      .where('user_id', userId)
      .whereNull('used_at')
      .count('* as total')
    return Number(row.$extras.total)
  }

  /** New codes in clear (for the page) and hashed (for the table), hashed before any lock is taken. */
  async #codesToStore(): Promise<{ clear: string[]; hashes: string[] }> {
    const clear = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    const hashes = await Promise.all(clear.map((code) => hash.make(normalizedRecoveryCode(code))))
    return { clear, hashes }
  }

  async #replaceRecoveryCodes(trx: TransactionClientContract, userId: string, hashes: string[]) {
    await AdminRecoveryCode.query({ client: trx }).where('user_id', userId).delete()
    await AdminRecoveryCode.createMany(
      hashes.map((codeHash) => ({ userId, codeHash })),
      { client: trx }
    )
  }
}
