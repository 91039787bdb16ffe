import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * Where console sessions live: in the database by default, in Redis when REDIS_URL is set, so
 * every instance sees the same sessions and a signed-out session is gone for all of them.
 * `memory` is for the test suite only (start/env.ts refuses it in production, and `redis`
 * without REDIS_URL).
 */
const driver = env.get('SESSION_DRIVER') ?? (env.get('REDIS_URL') ? 'redis' : 'database')

/**
 * Admin-console sessions, kept server-side so that signing out, and expiry, end them for good: a
 * copied cookie names a session that no longer exists. `age` is the idle limit: every request
 * moves the stored session's expiry 30 minutes ahead. The 8-hour limit from sign-in is checked by
 * the console auth middleware. Cookies are httpOnly, SameSite=Lax, Secure in production.
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'console-session',
  clearWithBrowser: true,
  age: '30m',
  cookie: {
    path: '/admin',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: driver,
  stores: {
    database: stores.database(),
    redis: stores.redis({ connection: 'main' }),
  },
})

export default sessionConfig
