import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'

/** Rate-limit counters live in memory for one instance, in Redis when REDIS_URL is set. */
const limiterConfig = defineConfig({
  default: env.get('REDIS_URL') ? 'redis' : 'memory',
  stores: {
    redis: stores.redis({ connectionName: 'main' }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
