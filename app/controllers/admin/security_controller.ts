import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import consoleSecurity from '#config/console_security'
import { PasskeyRequestExpired, TotpSetupExpired } from '#exceptions/two_factor_errors'
import {
  passkeyNameValidator,
  passkeyRegistrationValidator,
  secondFactorCodeValidator,
} from '#validators/console_two_factor'
import { ConsoleTwoFactorService } from '#services/accounts/console_two_factor_service'
import { ConsolePasskeyService } from '#services/accounts/console_passkey_service'
import { CONSOLE_SECOND_FACTOR } from '#middleware/console_auth_middleware'

/** Session key of the authenticator secret being set up, until a code confirms it. */
const TOTP_SETUP = 'consoleTotpSetup'
/** A setup left this long is started again with a new secret. */
const TOTP_SETUP_MS = 15 * 60 * 1000
/** Session key of the challenge of the passkey registration under way (used once). */
const REGISTRATION_CHALLENGE = 'consolePasskeyRegistrationChallenge'

/**
 * Console: the signed-in administrator's own second factors (the Security page). Every action
 * is on the actor's own account, which the console middleware has already found to be an active
 * administrator, so there is no other account to authorize against; the services scope every
 * row to `actor.user`.
 */
@inject()
export default class SecurityController {
  constructor(
    protected twoFactor: ConsoleTwoFactorService,
    protected passkeys: ConsolePasskeyService
  ) {}

  async show({ actor, session, view }: HttpContext) {
    const status = await this.twoFactor.status(actor)
    return view.render('pages/admin/security/show', {
      section: 'security',
      status,
      required: consoleSecurity.requireSecondFactor,
      mustEnrol:
        consoleSecurity.requireSecondFactor &&
        !session.get(CONSOLE_SECOND_FACTOR) &&
        !status.totp &&
        status.passkeys.length === 0,
    })
  }

  /** The QR code of a new secret (the same one again while its setup lasts). */
  async createTotp({ actor, session, view }: HttpContext) {
    const kept = session.get(TOTP_SETUP) as { secret: string; at: number } | undefined
    const setup =
      kept && Date.now() - kept.at < TOTP_SETUP_MS
        ? await this.twoFactor.totpSetupOf(actor.user, kept.secret)
        : await this.twoFactor.startTotp(actor)
    if (!kept || kept.secret !== setup.secret) {
      session.put(TOTP_SETUP, { secret: setup.secret, at: Date.now() })
    }
    return view.render('pages/admin/security/totp_create', { section: 'security', setup })
  }

  /** Confirms the setup with a code; the recovery codes are shown once, on the next page. */
  async storeTotp({ actor, request, response, session }: HttpContext) {
    const kept = session.get(TOTP_SETUP) as { secret: string; at: number } | undefined
    if (!kept || Date.now() - kept.at >= TOTP_SETUP_MS) throw new TotpSetupExpired()
    const { code } = await request.validateUsing(secondFactorCodeValidator)
    const codes = await this.twoFactor.enrolTotp(actor, kept.secret, code)
    session.forget(TOTP_SETUP)
    session.put(CONSOLE_SECOND_FACTOR, true)
    session.flash('recoveryCodes', codes)
    session.flash('success', 'The authenticator app is set up. Keep your recovery codes now.')
    return response.redirect().toRoute('console.security.recovery_codes.show')
  }

  /** New recovery codes just made, from the flash: shown this once. */
  async showRecoveryCodes({ session, view }: HttpContext) {
    const codes = session.flashMessages.get('recoveryCodes') as string[] | undefined
    return view.render('pages/admin/security/recovery_codes', {
      section: 'security',
      codes: codes ?? null,
    })
  }

  async renewRecoveryCodes({ actor, response, session }: HttpContext) {
    const codes = await this.twoFactor.renewRecoveryCodes(actor)
    session.flash('recoveryCodes', codes)
    session.flash('success', 'New recovery codes are made; the old ones no longer work.')
    return response.redirect().toRoute('console.security.recovery_codes.show')
  }

  async confirmDestroyTotp({ view }: HttpContext) {
    return view.render('pages/admin/security/totp_delete', { section: 'security' })
  }

  async destroyTotp({ actor, response, session }: HttpContext) {
    await this.twoFactor.removeTotp(actor)
    session.flash('success', 'The authenticator app and its recovery codes are removed.')
    return response.redirect().toRoute('console.security.show')
  }

  /** The options of `navigator.credentials.create`, for the page's script. */
  async passkeyOptions({ actor, response, session }: HttpContext) {
    const options = await this.passkeys.registrationOptions(actor)
    session.put(REGISTRATION_CHALLENGE, options.challenge)
    return response.json(options)
  }

  /** The new credential and its name; answers with where to go next. */
  async storePasskey({ actor, request, response, session }: HttpContext) {
    const challenge = session.pull(REGISTRATION_CHALLENGE)
    if (typeof challenge !== 'string') throw new PasskeyRequestExpired()
    const { name, credential } = await request.validateUsing(passkeyRegistrationValidator)
    const passkey = await this.passkeys.register(
      actor,
      challenge,
      name,
      credential as unknown as RegistrationResponseJSON
    )
    session.put(CONSOLE_SECOND_FACTOR, true)
    session.flash('success', `The passkey "${passkey.name}" is added.`)
    return response.json({ redirect: urlFor('console.security.show') })
  }

  async updatePasskey({ actor, params, request, response, session }: HttpContext) {
    const { name } = await request.validateUsing(passkeyNameValidator)
    const passkey = await this.passkeys.rename(actor, params.id, name)
    session.flash('success', `The passkey is renamed "${passkey.name}".`)
    return response.redirect().toRoute('console.security.show')
  }

  async confirmDestroyPasskey({ actor, params, view }: HttpContext) {
    const passkey = await this.passkeys.find(actor, params.id)
    return view.render('pages/admin/security/passkey_delete', { section: 'security', passkey })
  }

  async destroyPasskey({ actor, params, response, session }: HttpContext) {
    await this.passkeys.remove(actor, params.id)
    session.flash('success', 'The passkey is removed.')
    return response.redirect().toRoute('console.security.show')
  }
}
