import app from '@adonisjs/core/services/app'
import { compileProxyTrust } from '#support/proxy_trust'

/**
 * Runs `run` with the HTTP server trusting proxies as `TRUST_PROXY=setting` would. The server
 * holds the very config object, and each request reads its trust function from it.
 */
export async function withProxyTrust(setting: string, run: () => Promise<void>) {
  const config = app.config.get<{ trustProxy: unknown }>('app.http')
  const original = config.trustProxy
  config.trustProxy = compileProxyTrust(setting)
  try {
    await run()
  } finally {
    config.trustProxy = original
  }
}
