import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { inject } from '@adonisjs/core'
import consoleSecurity from '#config/console_security'
import AdminPasskey from '#models/admin_passkey'
import type User from '#models/user'
import {
  InvalidSecondFactor,
  PasskeyAlreadyRegistered,
  PasskeyNameTaken,
  PasskeyNotFound,
} from '#exceptions/two_factor_errors'
import { ConsoleTwoFactorService } from '#services/accounts/console_two_factor_service'
import {
  countSecondFactorAttempt,
  forgetSecondFactorAttempts,
  recordSecondFactorFailure,
} from '#services/accounts/second_factor_attempts'
import { recordSecurityEvent } from '#services/system/security_events'
import { isUniqueViolation } from '#support/db_errors'
import { sqlTime } from '#support/sql_time'
import type { Actor, Caller } from '#support/actor'

const NAME_INDEX = {
  name: 'admin_passkeys_user_name_unique',
  table: 'admin_passkeys',
  columns: ['user_id', 'name'],
}
const CREDENTIAL_INDEX = {
  name: 'admin_passkeys_credential_unique',
  table: 'admin_passkeys',
  columns: ['credential_id'],
}

/**
 * Ed25519, ES256 and RS256: what deployed authenticators make. Left to the library's default,
 * Chromium would pick ML-DSA, whose verification in Node is still experimental.
 */
const SIGNATURE_ALGORITHMS = [-8, -7, -257]

/** A ceremony waits this long for the authenticator (the browser's own timeout). */
const CEREMONY_TIMEOUT_MS = 120_000

const transportsOf = (passkey: AdminPasskey) => passkey.transports?.split(',').filter(Boolean) ?? []

/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`) of console administrators: register several,
 * name, rename and remove them, and pass the sign-in's second step with one. The challenge of
 * each ceremony is the caller's to keep (the console keeps it in the server-side session) and to
 * hand back exactly once. A sign-in counts against the same allowance as codes, before the
 * signature is checked, and only a credential of the account signing in is ever considered.
 */
@inject()
export class ConsolePasskeyService {
  constructor(protected twoFactor: ConsoleTwoFactorService) {}

  async registrationOptions(actor: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await AdminPasskey.query().where('user_id', actor.user.id)
    return generateRegistrationOptions({
      rpName: consoleSecurity.webauthn.rpName,
      rpID: consoleSecurity.webauthn.rpId,
      userName: actor.user.email,
      userID: new TextEncoder().encode(actor.user.id),
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      supportedAlgorithmIDs: SIGNATURE_ALGORITHMS,
    })
  }

  /** Stores the credential the browser made for `expectedChallenge`, under `name`. */
  async register(
    actor: Actor,
    expectedChallenge: string,
    name: string,
    response: RegistrationResponseJSON
  ): Promise<AdminPasskey> {
    let verification
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: consoleSecurity.webauthn.origin,
        expectedRPID: consoleSecurity.webauthn.rpId,
        requireUserVerification: false,
        supportedAlgorithmIDs: SIGNATURE_ALGORITHMS,
      })
    } catch {
      verification = { verified: false as const }
    }
    if (!verification.verified) {
      recordSecondFactorFailure(actor, actor.user.id, 'passkey_registration')
      throw new InvalidSecondFactor()
    }
    const { credential } = verification.registrationInfo
    let passkey: AdminPasskey
    try {
      // In a transaction of its own: a refused insert must not abort a caller's transaction.
      passkey = await db.transaction((trx) =>
        AdminPasskey.create(
          {
            userId: actor.user.id,
            name,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            signCount: credential.counter,
            transports: credential.transports?.join(',') || null,
          },
          { client: trx }
        )
      )
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw new PasskeyNameTaken()
      if (isUniqueViolation(error, CREDENTIAL_INDEX)) throw new PasskeyAlreadyRegistered()
      throw error
    }
    recordSecurityEvent('two_factor.enrolled', {
      actorId: actor.user.id,
      targetId: actor.user.id,
      clientAddress: actor.clientAddress,
      method: 'passkey',
      passkeyId: passkey.id,
    })
    return passkey
  }

  async rename(actor: Actor, id: string, name: string): Promise<AdminPasskey> {
    const passkey = await this.find(actor, id)
    passkey.name = name
    try {
      await db.transaction((trx) => passkey.useTransaction(trx).save())
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw new PasskeyNameTaken()
      throw error
    }
    return passkey
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await db.transaction(async (trx) => {
      const passkey = await AdminPasskey.query({ client: trx })
        .where('id', id)
        .where('user_id', actor.user.id)
        .forUpdate()
        .first()
      if (!passkey) throw new PasskeyNotFound()
      await this.twoFactor.assertNotLastRequired(trx, actor.user.id, 'passkey')
      await passkey.useTransaction(trx).delete()
    })
    recordSecurityEvent('two_factor.removed', {
      actorId: actor.user.id,
      targetId: actor.user.id,
      clientAddress: actor.clientAddress,
      method: 'passkey',
      passkeyId: id,
    })
  }

  /** The options of a sign-in with one of `user`'s passkeys. */
  async authenticationOptions(user: User): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkeys = await AdminPasskey.query().where('user_id', user.id)
    return generateAuthenticationOptions({
      rpID: consoleSecurity.webauthn.rpId,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: passkeys.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      })),
    })
  }

  /**
   * Passes the sign-in's second step when `response` is a signature of `expectedChallenge` by a
   * passkey of `user`. A credential of another account, a stale challenge, a wrong origin or a
   * sign count that went backwards are all the same refusal.
   */
  async authenticate(
    caller: Caller,
    user: User,
    expectedChallenge: string,
    response: AuthenticationResponseJSON
  ): Promise<AdminPasskey> {
    await countSecondFactorAttempt(caller, user.id, 'passkey')
    const passkey = await AdminPasskey.query()
      .where('user_id', user.id)
      .where('credential_id', response.id)
      .first()
    const counter = passkey
      ? await this.#verifiedCounter(passkey, expectedChallenge, response)
      : null
    // The new count is written only over the one it was checked against: of two requests with
    // the same signature, one wins.
    const updated =
      passkey && counter !== null
        ? await db
            .from('admin_passkeys')
            .where('id', passkey.id)
            .where('sign_count', passkey.signCount)
            .update({
              sign_count: counter,
              last_used_at: sqlTime(),
              updated_at: sqlTime(),
            })
        : 0
    if (!passkey || Number(Array.isArray(updated) ? updated[0] : updated) !== 1) {
      recordSecondFactorFailure(caller, user.id, 'passkey')
      throw new InvalidSecondFactor()
    }
    await forgetSecondFactorAttempts(user.id)
    passkey.lastUsedAt = DateTime.now()
    return passkey
  }

  async #verifiedCounter(
    passkey: AdminPasskey,
    expectedChallenge: string,
    response: AuthenticationResponseJSON
  ): Promise<number | null> {
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: consoleSecurity.webauthn.origin,
        expectedRPID: consoleSecurity.webauthn.rpId,
        requireUserVerification: false,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.signCount,
          transports: transportsOf(passkey),
        },
      })
      return verification.verified ? verification.authenticationInfo.newCounter : null
    } catch {
      return null
    }
  }

  /** One of the actor's own passkeys; another account's is not found. */
  async find(actor: Actor, id: string): Promise<AdminPasskey> {
    const passkey = await AdminPasskey.query()
      .where('id', id)
      .where('user_id', actor.user.id)
      .first()
    if (!passkey) throw new PasskeyNotFound()
    return passkey
  }
}
