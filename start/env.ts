/*
| Every environment variable the service reads, validated at boot. A missing or malformed value
| stops the process with a message naming the variable, before anything else runs.
*/
import { Env } from '@adonisjs/core/env'

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
  APP_KEY: Env.schema.secret(),
  TRUST_PROXY: Env.schema.boolean.optional(),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  DB_PATH: Env.schema.string.optional(),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DB_POOL_MAX: Env.schema.number.optional(),

  JWT_SECRET: Env.schema.secret(),
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

  REDIS_URL: optionalUrl(['redis:', 'rediss:']),

  STORE_TIMEZONE: Env.schema.string.optional(),
  CURRENCY: Env.schema.string.optional(),
  DEFAULT_TAX_RATE: Env.schema.number.optional(),

  SUPER_ADMIN_EMAIL: Env.schema.string.optional({ format: 'email' }),
  SUPER_ADMIN_PASSWORD: Env.schema.string.optional(),

  SESSION_DRIVER: Env.schema.enum.optional(['cookie', 'memory'] as const),
})
