import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import { redisWithMemoryFallback } from '#support/redis_limiter_store'

/**
 * Rate-limit counters live in memory for one instance, in Redis when REDIS_URL is set. While
 * Redis is unreachable, each instance counts in its own memory (and logs it) rather than failing.
 */
const limiterConfig = defineConfig({
  default: env.get('REDIS_URL') ? 'redis' : 'memory',
  stores: {
    redis: redisWithMemoryFallback({ connectionName: 'main' }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
