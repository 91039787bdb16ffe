import env from '#start/env'

/**
 * Outgoing webhooks (docs/api/integrations.md). `allowPrivate` lets endpoints resolve to
 * loopback, private, link-local and unique-local addresses and use plain http in production: for
 * tests and internal networks only, since it lets an administrator make the server call into its
 * own network. Outside production plain http is accepted anyway; private addresses never unless
 * this is set.
 */
const webhooksConfig = {
  allowPrivate: env.get('WEBHOOK_ALLOW_PRIVATE', false),
  production: env.get('NODE_ENV') === 'production',
  /** Longest wait for an endpoint's answer, connection included. */
  timeoutMs: 10_000,
}

export default webhooksConfig
