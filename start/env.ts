/*
| Every environment variable the service reads, validated at boot. A missing or malformed value
| stops the process with a message naming the variable and what it accepts, before anything else
| runs (reported without a stack trace: app/support/start_failure.ts). The ranges are listed in
| README.md, "Configuration". An empty value counts as unset, except where a rule says otherwise.
*/
import { Env } from '@adonisjs/core/env'
import { IANAZone } from 'luxon'
import { compileProxyTrust } from '#support/proxy_trust'
import { parseCorsOrigins } from '#support/cors_origins'
import { normalizeEmail } from '#support/email_address'
import { passwordProblem } from '#services/accounts/password_rules'
import {
  decimalNumber,
  described,
  duration,
  flag,
  nonEmptyText,
  oneOf,
  textWhere,
  wholeNumber,
  withDefault,
} from '#support/env_rules'

/** An optional URL whose scheme is one of `protocols` (validator-lite's URL check rejects them). */
function optionalUrl(protocols: string[]) {
  return (name: string, value?: string): string | undefined => {
    if (value === undefined || value === '') return undefined
    let parsed: URL
    try {
      parsed = new URL(value)
    } catch {
      // The value is not repeated: a database URL carries its password.
      throw new Error(`${name} must be a URL such as ${protocols[0]}//host:port/...`)
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new Error(
        `${name} must start with ${protocols.join(' or ')}//, got "${parsed.protocol}//"`
      )
    }
    return value
  }
}

/** Secrets shorter than this many bytes are refused: HS256 and the cookie/HMAC keys need 256 bits. */
const MINIMUM_SECRET_BYTES = 32

/** A required secret of at least MINIMUM_SECRET_BYTES bytes (UTF-8). */
function strongSecret(name: string, value?: string) {
  const secret = Env.schema.secret()(name, value)
  const bytes = Buffer.byteLength(value ?? '', 'utf8')
  if (bytes < MINIMUM_SECRET_BYTES) {
    throw new Error(
      `${name} must be at least ${MINIMUM_SECRET_BYTES} bytes long, got ${bytes}; generate one ` +
        `with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`
    )
  }
  return secret
}

/**
 * How mail leaves: `smtp` (needs SMTP_HOST) or `file` (MAIL_FILE_DIR). Unset, it is `smtp` when
 * SMTP_HOST is set and `file` otherwise, except in production, where writing mail (and the codes
 * in it) to local files must be chosen explicitly with MAIL_TRANSPORT=file. Reads NODE_ENV and
 * SMTP_HOST from process.env, where the .env files have been loaded by the time this runs; so do
 * the other rules that depend on a second variable.
 */
function mailTransport(name: string, value?: string): 'smtp' | 'file' {
  const smtpHost = process.env.SMTP_HOST
  if (value !== undefined && value !== '' && value !== 'smtp' && value !== 'file') {
    throw new Error(`${name} must be "smtp" or "file", got "${value}"`)
  }
  if (value === 'smtp' && !smtpHost) {
    throw new Error(`${name}=smtp needs SMTP_HOST to be set`)
  }
  if (value === 'file') return 'file'
  if (smtpHost) return 'smtp'
  if (process.env.NODE_ENV === 'production') {
    throw new Error(
      `${name}: no SMTP_HOST is set in production. Set SMTP_HOST to send mail, or set ` +
        `${name}=file to write every mail, codes included, to files under MAIL_FILE_DIR ` +
        `(tmp/mail by default) on purpose`
    )
  }
  return 'file'
}

/**
 * Where console sessions live (config/session.ts): `redis` needs REDIS_URL, and `memory`, which
 * keeps sessions in one process and loses them on restart, is for the test suite only.
 */
function sessionDriver(name: string, value?: string) {
  const driver = oneOf(['database', 'redis', 'memory'])(name, value)
  if (driver === 'redis' && !process.env.REDIS_URL) {
    throw new Error(`${name}=redis needs REDIS_URL to be set`)
  }
  if (driver === 'memory' && process.env.NODE_ENV === 'production') {
    throw new Error(
      `${name}=memory keeps sessions in one process and loses them on restart; use database or ` +
        `redis in production`
    )
  }
  return driver
}

/** The SMTP password is sent only with a user name: alone it would be ignored without a word. */
function smtpPassword(name: string, value?: string) {
  if (!value) return undefined
  if (!process.env.SMTP_USERNAME) {
    throw new Error(`${name} is set but SMTP_USERNAME is not: set both, or neither`)
  }
  return value
}

/**
 * The bootstrap Super Admin's password: set together with SUPER_ADMIN_EMAIL, and held to the
 * password rules of every account (docs/api/accounts.md), checked here rather than after the
 * migrations. The password itself never appears in a message.
 */
function superAdminPassword(name: string, value?: string) {
  const email = process.env.SUPER_ADMIN_EMAIL
  if (!value) {
    if (email) throw new Error(`SUPER_ADMIN_EMAIL is set but ${name} is not: set both, or neither`)
    return undefined
  }
  if (!email) throw new Error(`${name} is set but SUPER_ADMIN_EMAIL is not: set both, or neither`)
  const problem = passwordProblem(value, normalizeEmail(email))
  if (problem) throw new Error(`${name} breaks the password rules: ${problem.toLowerCase()}`)
  return value
}

/**
 * A Stripe setting that `PAYMENT_PROVIDER=stripe` cannot run without: refused by name when it is
 * missing then, optional otherwise. The value itself never appears in a message.
 */
function stripeSetting(name: string, value?: string) {
  if (value) return value
  if (process.env.PAYMENT_PROVIDER === 'stripe') {
    throw new Error(`PAYMENT_PROVIDER=stripe needs ${name} to be set`)
  }
  return undefined
}

/**
 * The rule of each variable. Exported so that tests/unit/system/settings.spec.ts checks the
 * ranges in process; `Env.create` below applies them at boot.
 */
export const environmentSchema = {
  NODE_ENV: oneOf(['development', 'production', 'test'], { required: true }),
  PORT: withDefault(wholeNumber({ min: 1, max: 65535 }), 3333),
  HOST: withDefault(
    described(
      Env.schema.string.optional({ format: 'host' }),
      'a host name or IP address to listen on, such as localhost or 0.0.0.0'
    ),
    'localhost'
  ),
  LOG_LEVEL: withDefault(
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info'
  ),
  APP_KEY: strongSecret,
  TRUST_PROXY: (_name: string, value?: string) => {
    compileProxyTrust(value)
    return value
  },
  CORS_ORIGINS: (_name: string, value?: string) => {
    parseCorsOrigins(value)
    return value
  },

  DB_CONNECTION: oneOf(['sqlite', 'pg']),
  DB_PATH: Env.schema.string.optional(),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DB_POOL_MAX: wholeNumber({ min: 1, max: 1000, unit: 'connections' }),
  DB_ACQUIRE_TIMEOUT_MS: wholeNumber({ min: 1, max: 600_000, unit: 'ms' }),

  JWT_SECRET: strongSecret,
  JWT_ISSUER: nonEmptyText('commerce-backend'),
  JWT_AUDIENCE: nonEmptyText('commerce-api'),
  ACCESS_TOKEN_TTL: duration('1m', '24h'),
  REFRESH_TOKEN_TTL: duration('1h', '365d'),
  OTP_TTL_MINUTES: wholeNumber({ min: 1, max: 60, unit: 'minutes' }),

  SMTP_HOST: described(
    Env.schema.string.optional({ format: 'host' }),
    'a host name or IP address, such as smtp.example.com'
  ),
  SMTP_PORT: wholeNumber({ min: 1, max: 65535 }),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: smtpPassword,
  SMTP_SECURE: flag(),
  MAIL_FROM: described(
    Env.schema.string.optional({ format: 'email' }),
    'an e-mail address, such as no-reply@example.com'
  ),
  MAIL_WORKER: flag(),
  MAIL_TRANSPORT: mailTransport,
  // Resolved like DB_PATH: against the project, or by `npm run start:prod` against the checkout.
  MAIL_FILE_DIR: described(
    textWhere((path) => !/\p{Cc}/u.test(path)),
    'a folder path, relative to the project or absolute, such as tmp/mail or /var/lib/commerce/mail'
  ),
  OUTBOX_MAX_ATTEMPTS: wholeNumber({ min: 1, max: 100, unit: 'tries' }),
  OUTBOX_RETENTION_DAYS: wholeNumber({ min: 0, max: 3650, unit: 'days' }),
  OUTBOX_FAILED_RETENTION_DAYS: wholeNumber({ min: 1, max: 365, unit: 'days' }),
  // Clients are promised that a key replays for at least a day (docs/api/checkout.md).
  IDEMPOTENCY_RETENTION_HOURS: wholeNumber({ min: 24, max: 8760, unit: 'hours' }),
  IDEMPOTENCY_CLAIM_LEASE_SECONDS: wholeNumber({ min: 1, max: 86_400, unit: 'seconds' }),
  SHUTDOWN_TIMEOUT_MS: wholeNumber({ min: 0, max: 600_000, unit: 'ms' }),
  HEALTH_DETAILS: flag(),

  REDIS_URL: optionalUrl(['redis:', 'rediss:']),

  // Webhook URLs that resolve to loopback, private or link-local addresses (docs/api/integrations.md).
  WEBHOOK_ALLOW_PRIVATE: flag(),

  // A misspelt zone would shift every coupon date silently.
  STORE_TIMEZONE: described(
    textWhere((zone) => IANAZone.isValidZone(zone)),
    'an IANA time zone name such as Europe/Berlin or UTC'
  ),
  CURRENCY: described(
    textWhere((code) => /^[A-Z]{3}$/.test(code)),
    'an ISO 4217 code in capitals, such as USD or EUR'
  ),
  DEFAULT_TAX_RATE: decimalNumber({ min: 0, max: 100, unit: 'percent' }),
  LOW_STOCK_THRESHOLD: wholeNumber({ min: 0, max: 1_000_000, unit: 'units' }),
  // How long a summary may show a shipping method or tax rate changed on another instance.
  NEAR_STATIC_CACHE_SECONDS: decimalNumber({ min: 0, max: 3600, unit: 'seconds' }),

  SUPER_ADMIN_EMAIL: described(
    Env.schema.string.optional({ format: 'email' }),
    'an e-mail address, such as admin@example.com'
  ),
  SUPER_ADMIN_PASSWORD: superAdminPassword,

  SESSION_DRIVER: sessionDriver,

  // Console second factors (docs/api/console.md, "Second factors").
  CONSOLE_REQUIRE_2FA: flag(),
  WEBAUTHN_ORIGIN: optionalUrl(['https:', 'http:']),
  WEBAUTHN_RP_ID: described(
    textWhere((host) => /^[a-z0-9.-]+$/i.test(host)),
    'a host name, the console address or a parent domain of it, such as shop.example.com'
  ),
  WEBAUTHN_RP_NAME: described(
    textWhere((name) => name.trim().length > 0 && name.length <= 100),
    'a name of at most 100 characters, such as Example shop admin'
  ),

  PAYMENT_PROVIDER: withDefault(oneOf(['manual', 'stripe']), 'manual'),
  STRIPE_SECRET_KEY: stripeSetting,
  STRIPE_WEBHOOK_SECRET: stripeSetting,
  STRIPE_API_BASE: optionalUrl(['https:', 'http:']),
  PAYMENT_TIMEOUT_MINUTES: wholeNumber({ min: 1, max: 10_080, unit: 'minutes' }),

  // After the sale (docs/api/returns.md).
  RETURN_WINDOW_DAYS: wholeNumber({ min: 0, max: 365, unit: 'days' }),

  // The sellers' money (docs/api/ledger.md).
  DEFAULT_COMMISSION_RATE: decimalNumber({ min: 0, max: 100, unit: 'percent' }),
  PAYOUT_HOLD_DAYS: wholeNumber({ min: 0, max: 365, unit: 'days' }),
  PAYOUT_MINIMUM: decimalNumber({ min: 0.01, max: 1_000_000, unit: 'in the store currency' }),
  PAYOUT_PROVIDER: withDefault(oneOf(['manual', 'stripe']), 'manual'),

  // Product images (docs/api/catalog.md, "Images").
  DRIVE_DISK: withDefault(oneOf(['fs', 's3']), 'fs'),
  DRIVE_LOCATION: withDefault(Env.schema.string.optional(), 'storage/uploads'),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: withDefault(Env.schema.string.optional(), 'us-east-1'),
  S3_ENDPOINT: optionalUrl(['https:', 'http:']),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.string.optional(),
  S3_PUBLIC_URL: optionalUrl(['https:', 'http:']),
}

const env = await Env.create(new URL('../', import.meta.url), environmentSchema)

// The HTTP server reads HOST and PORT from process.env itself, and would listen on every
// interface with HOST unset: it is given the values above, defaults included.
process.env.HOST = env.get('HOST')
process.env.PORT = String(env.get('PORT'))

export default env
