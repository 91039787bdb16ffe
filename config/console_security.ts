import env from '#start/env'

/**
 * The console's second factors (docs/api/console.md, "Second factors"). WebAuthn binds a passkey
 * to a relying party: its id is the console's host name (or a parent domain of it) and every
 * signature names the page's origin, so both must be the address administrators open. Unset, the
 * origin is the server's own `http://HOST:PORT` (`localhost` for a server listening on every
 * interface), which suits development only; set WEBAUTHN_ORIGIN in production.
 */
const listenHost =
  env.get('HOST') === '0.0.0.0' || env.get('HOST') === '::' ? 'localhost' : env.get('HOST')
const origin = (env.get('WEBAUTHN_ORIGIN') ?? `http://${listenHost}:${env.get('PORT')}`).replace(
  /\/+$/,
  ''
)

const consoleSecurityConfig = {
  /** CONSOLE_REQUIRE_2FA: an administrator without a second factor must enrol one to go on. */
  requireSecondFactor: env.get('CONSOLE_REQUIRE_2FA') ?? false,
  webauthn: {
    origin,
    rpId: env.get('WEBAUTHN_RP_ID') ?? new URL(origin).hostname,
    rpName: env.get('WEBAUTHN_RP_NAME') ?? 'Commerce admin',
  },
  /** The issuer an authenticator app lists the account under. */
  totpIssuer: env.get('WEBAUTHN_RP_NAME') ?? 'Commerce admin',
}

export default consoleSecurityConfig
