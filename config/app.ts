import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { compileProxyTrust } from '#support/proxy_trust'

/**
 * HTTP server settings: request ids for log correlation, no method spoofing, secure cookies in
 * production, and the proxies trusted to name the client address (`TRUST_PROXY`, none by default).
 */
export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  trustProxy: compileProxyTrust(env.get('TRUST_PROXY')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
