import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

/**
 * Field names whose values never reach a log line, wherever they appear in a logged object.
 * Query strings are never logged at all (see the request logger middleware).
 */
export const SECRET_FIELD_NAMES = [
  'password',
  'oldPassword',
  'newPassword',
  'otp',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'secret',
]

/**
 * Request data that errors carry (the body parser attaches the raw body to its parse errors):
 * never logged, since it holds whatever the client sent, passwords included.
 */
const REQUEST_DATA_PATHS = ['err.body', 'err.rawBody', 'err.cause.body']

/**
 * PostgreSQL's `detail` on a constraint error quotes the row's values ("Key (token_hash)=(…)
 * already exists", "Failing row contains (…)"): never logged. The statement itself is logged with
 * placeholders only (`compileSqlOnError` in config/database.ts).
 */
const DATABASE_VALUE_PATHS = ['err.detail', 'err.cause.detail', 'err.cause.cause.detail']

/** The pino redaction applied to every log line. */
export const REDACT_OPTIONS = {
  paths: [
    ...SECRET_FIELD_NAMES.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
    ...REQUEST_DATA_PATHS,
    ...DATABASE_VALUE_PATHS,
  ],
  censor: '[redacted]',
}

/** Structured JSON logs on stdout; pretty-printed only in development. */
const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'commerce-backend',
      level: env.get('LOG_LEVEL'),
      redact: REDACT_OPTIONS,
      transport: {
        targets: targets()
          .pushIf(app.inDev && process.stdout.isTTY, targets.pretty())
          .pushIf(!app.inDev || !process.stdout.isTTY, targets.file({ destination: 1 }))
          .toArray(),
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
