import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { RedisConnectionConfig } from '@adonisjs/redis/types'

/** The connection described by REDIS_URL (redis://user:password@host:port/db). */
function connectionFromUrl(url: string | undefined): RedisConnectionConfig {
  if (!url) return { host: '127.0.0.1', port: 6379, lazyConnect: true }
  const parsed = new URL(url)
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    keyPrefix: 'commerce:',
    lazyConnect: true,
    // Fail a command quickly while Redis is away: the limiter then counts in memory instead.
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
  }
}

/** Redis is used only when REDIS_URL is set: it holds the rate-limit counters of every instance. */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: connectionFromUrl(env.get('REDIS_URL')),
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
