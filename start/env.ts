/*
| Every environment variable the service reads, validated at boot. A missing or malformed value
| stops the process with a message naming the variable, before anything else runs.
*/
import { Env } from '@adonisjs/core/env'
import { compileProxyTrust } from '#support/proxy_trust'
import { parseCorsOrigins } from '#support/cors_origins'

/** An optional URL whose scheme is one of `protocols` (validator-lite's URL check rejects them). */
function optionalUrl(protocols: string[]) {
  return (name: string, value?: string): string | undefined => {
    if (value === undefined || value === '') return undefined
    let parsed: URL
    try {
      parsed = new URL(value)
    } catch {
      throw new Error(
        `${name} must be a URL such as ${protocols[0]}//host:port/..., got "${value}"`
      )
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new Error(
        `${name} must start with ${protocols.join(' or ')}//, got "${parsed.protocol}//"`
      )
    }
    return value
  }
}

/** An optional whole number from `min` to `max`; outside the range the boot stops, naming both. */
export function optionalIntegerBetween(min: number, max: number) {
  return (name: string, value?: string): number | undefined => {
    if (value === undefined || value === '') return undefined
    const parsed = Number(value)
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`)
    }
    return parsed
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
 * How mail leaves: `smtp` (needs SMTP_HOST) or `file` (tmp/mail/). Unset, it is `smtp` when
 * SMTP_HOST is set and `file` otherwise, except in production, where writing mail (and the codes
 * in it) to local files must be chosen explicitly with MAIL_TRANSPORT=file. Reads NODE_ENV and
 * SMTP_HOST from process.env, where the .env files have been loaded by the time this runs.
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
        `${name}=file to write every mail, codes included, to files under tmp/mail/ on purpose`
    )
  }
  return 'file'
}

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  LOG_LEVEL: Env.schema.enum([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),
  APP_KEY: strongSecret,
  TRUST_PROXY: (_name: string, value?: string) => {
    compileProxyTrust(value)
    return value
  },
  CORS_ORIGINS: (_name: string, value?: string) => {
    parseCorsOrigins(value)
    return value
  },

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  DB_PATH: Env.schema.string.optional(),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DB_POOL_MAX: Env.schema.number.optional(),
  DB_ACQUIRE_TIMEOUT_MS: Env.schema.number.optional(),

  JWT_SECRET: strongSecret,
  JWT_ISSUER: Env.schema.string.optional(),
  JWT_AUDIENCE: Env.schema.string.optional(),
  ACCESS_TOKEN_TTL: Env.schema.string.optional(),
  REFRESH_TOKEN_TTL: Env.schema.string.optional(),
  OTP_TTL_MINUTES: Env.schema.number.optional(),

  SMTP_HOST: Env.schema.string.optional({ format: 'host' }),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  MAIL_FROM: Env.schema.string.optional({ format: 'email' }),
  MAIL_WORKER: Env.schema.boolean.optional(),
  MAIL_TRANSPORT: mailTransport,
  OUTBOX_MAX_ATTEMPTS: Env.schema.number.optional(),
  OUTBOX_RETENTION_DAYS: Env.schema.number.optional(),
  OUTBOX_FAILED_RETENTION_DAYS: optionalIntegerBetween(1, 365),
  IDEMPOTENCY_RETENTION_HOURS: Env.schema.number.optional(),
  IDEMPOTENCY_CLAIM_LEASE_SECONDS: Env.schema.number.optional(),
  SHUTDOWN_TIMEOUT_MS: Env.schema.number.optional(),

  REDIS_URL: optionalUrl(['redis:', 'rediss:']),

  STORE_TIMEZONE: Env.schema.string.optional(),
  CURRENCY: Env.schema.string.optional(),
  DEFAULT_TAX_RATE: Env.schema.number.optional(),
  LOW_STOCK_THRESHOLD: Env.schema.number.optional(),
  NEAR_STATIC_CACHE_SECONDS: Env.schema.number.optional(),

  SUPER_ADMIN_EMAIL: Env.schema.string.optional({ format: 'email' }),
  SUPER_ADMIN_PASSWORD: Env.schema.string.optional(),

  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'memory'] as const),

  BENCH_SQL_PROBE: Env.schema.boolean.optional(),
})
