import { defineConfig } from '@adonisjs/shield'

/** CSRF and browser hardening for the admin console (its routes only; never the JSON API). */
const shieldConfig = defineConfig({
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      styleSrc: [`'self'`],
      // Scripts of the console's own origin only: the passkey pages' (public/console-passkeys.js
      // and WebAuthn's browser half); no inline script anywhere.
      scriptSrc: [`'self'`],
      imgSrc: [`'self'`, 'data:'],
      formAction: [`'self'`],
      frameAncestors: [`'none'`],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    exceptRoutes: [],
    enableXsrfCookie: false,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
