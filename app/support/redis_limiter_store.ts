import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { RedisConnection } from '@adonisjs/redis'
import type { Logger } from '@adonisjs/core/logger'
import LimiterRedisStore from '@adonisjs/limiter/stores/redis'
import type { LimiterConsumptionOptions, LimiterRedisStoreConfig } from '@adonisjs/limiter/types'
import {
  RateLimiterMemory,
  type RateLimiterAbstract,
  type RateLimiterRedis,
} from 'rate-limiter-flexible'

/** rate-limiter-flexible's store limiters take an insurance limiter; its types omit the setter. */
type InsurableLimiter = RateLimiterRedis & { insuranceLimiter?: RateLimiterAbstract }

/**
 * The Redis limiter store with an insurance limiter: while the Redis connection is not ready,
 * every count goes to a memory store of this instance instead of failing the request. Limits then
 * hold per instance only (each instance allows the full count) until Redis is back.
 */
export class RedisStoreWithMemoryFallback extends LimiterRedisStore {
  constructor(connection: RedisConnection, config: LimiterRedisStoreConfig) {
    // Not ready means "use the insurance now": a request never waits for a reconnect.
    super(connection, { ...config, rejectIfRedisNotReady: true })
    this.#insure()
  }

  /** A fresh memory limiter with the Redis limiter's settings, used while Redis is away. */
  #insure() {
    const redisLimiter = this.rateLimiter as InsurableLimiter
    redisLimiter.insuranceLimiter = new RateLimiterMemory({
      keyPrefix: redisLimiter.keyPrefix,
      points: redisLimiter.points,
      duration: redisLimiter.duration,
      blockDuration: redisLimiter.blockDuration,
    })
  }

  /** Clears the shared counters and this instance's fallback counters. */
  async clear() {
    this.#insure()
    await super.clear()
  }
}

const watched = new WeakSet<RedisConnection>()

/**
 * Logs the moments limits leave and rejoin Redis, once per change instead of once per reconnect
 * attempt (the Redis package's own reporter logs every attempt at `fatal`).
 */
function reportFallbacks(connection: RedisConnection, logger: Logger) {
  if (watched.has(connection)) return
  watched.add(connection)
  let usingFallback = false
  connection.on('error', ({ error }) => {
    if (usingFallback) return
    usingFallback = true
    logger.error(
      { err: error },
      "Redis is unavailable: rate limits fall back to this instance's memory until it is back"
    )
  })
  connection.on('ready', () => {
    if (!usingFallback) return
    usingFallback = false
    logger.info('Redis is back: rate limits are shared again')
  })
}

/** A limiter store factory for `config/limiter.ts`: Redis, falling back to memory per instance. */
export function redisWithMemoryFallback(config: {
  connectionName: string
}): ConfigProvider<(options: LimiterConsumptionOptions) => LimiterRedisStore> {
  return configProvider.create(async (app) => {
    const redis = await app.container.make('redis')
    const logger = await app.container.make('logger')
    redis.doNotLogErrors()
    return (options) => {
      const connection = redis.connection(config.connectionName as any) as RedisConnection
      reportFallbacks(connection, logger)
      // A lazy connection would stay "not ready" (and so on the fallback) until something else
      // sent it a command.
      if (connection.status === 'wait') connection.ioConnection.connect().catch(() => {})
      return new RedisStoreWithMemoryFallback(connection, { ...config, ...options })
    }
  })
}
