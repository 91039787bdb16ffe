import { mkdirSync } from 'node:fs'
import { dirname, isAbsolute } from 'node:path'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'

/** A DATABASE_URL alone selects PostgreSQL; otherwise the embedded SQLite file is used. */
export const connectionName =
  env.get('DB_CONNECTION') ?? (env.get('DATABASE_URL') ? 'pg' : 'sqlite')

const configuredPath = env.get('DB_PATH', 'tmp/db.sqlite3')
const sqlitePath = isAbsolute(configuredPath) ? configuredPath : app.makePath(configuredPath)
if (connectionName === 'sqlite') {
  // SQLite creates the file but not its folder (a production build has no tmp/ yet).
  mkdirSync(dirname(sqlitePath), { recursive: true })
}

/** How long opening a PostgreSQL connection may take before it counts as a failure. */
const CONNECT_TIMEOUT_MS = 3_000

/** node-postgres options; `connectionTimeoutMillis` is passed through though Lucid's type omits it. */
const pgConnection: { connectionString: string; connectionTimeoutMillis: number } = {
  connectionString: env.get('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/commerce'),
  // A server that does not answer the connection handshake fails the request quickly.
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
}

/**
 * Passed through to knex, whose type Lucid's config leaves it out of. A failing statement's error
 * message carries its SQL with `?` placeholders, never its values: those may be password or token
 * hashes, e-mail addresses or one-time codes, and the message is logged and kept (outbox errors).
 */
const knexOptions = { compileSqlOnError: false }

/**
 * `node ace db:seed` runs the seeders of `database/seeders/main` (the essential rows) only: the
 * demo store in `database/seeders/demo_store` is made by `node ace demo:seed`, never by default.
 */
const seeders = { paths: ['database/seeders/main'] }

const dbConfig = defineConfig({
  connection: connectionName,
  connections: {
    sqlite: {
      ...knexOptions,
      client: 'better-sqlite3',
      connection: {
        filename: sqlitePath,
      },
      useNullAsDefault: true,
      pool: {
        afterCreate: (connection: any, done: (error: Error | null, connection: any) => void) => {
          connection.pragma('journal_mode = WAL')
          connection.pragma('foreign_keys = ON')
          connection.pragma('busy_timeout = 5000')
          done(null, connection)
        },
      },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      seeders,
      // Models declare their columns themselves; no generated schema classes.
      schemaGeneration: { enabled: false },
    },
    pg: {
      ...knexOptions,
      client: 'pg',
      connection: pgConnection,
      // While PostgreSQL is down or every pooled connection is busy, a request waits this long
      // for a connection and then answers 503 with Retry-After instead of hanging.
      pool: {
        min: 0,
        max: env.get('DB_POOL_MAX', 10),
        acquireTimeoutMillis: env.get('DB_ACQUIRE_TIMEOUT_MS', 5_000),
      },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      seeders,
      schemaGeneration: { enabled: false },
    },
  },
})

export default dbConfig
