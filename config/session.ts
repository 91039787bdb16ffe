import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/** Admin-console sessions: httpOnly, SameSite=Lax cookies, Secure in production. */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'console-session',
  clearWithBrowser: true,
  age: '8h',
  cookie: {
    path: '/admin',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: env.get('SESSION_DRIVER', 'cookie'),
  stores: {
    cookie: stores.cookie(),
  },
})

export default sessionConfig
