import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'
import { compileProxyTrust } from '#support/proxy_trust'

/**
 * HTTP server settings: request ids for log correlation, method spoofing for the console's HTML
 * forms only (`?_method=PUT|PATCH|DELETE` under /admin; elsewhere it is dropped before routing by
 * app/middleware/method_spoofing_middleware.ts), secure cookies in production, and the proxies
 * trusted to name the client address (`TRUST_PROXY`, none by default).
 */
export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: true,
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
