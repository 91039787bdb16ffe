/*
| With REDIS_URL set, rate-limit counters and console sessions live in Redis. The connection is
| opened before the server takes requests: while it is still opening, counts go to the
| per-instance fallback (app/support/redis_limiter_store.ts), so a burst at start-up would be split
| between the two stores and could outrun a limit. A Redis that is down does not stop the boot:
| the instance starts degraded, as during an outage, and `/health/ready` says so.
*/
import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import app from '@adonisjs/core/services/app'

// Not in warmup mode: `node ace codegen` assembles the app only to read its routes.
if (env.get('REDIS_URL') && app.getMode() === 'run') {
  const connection = redis.connection()
  if (connection.status === 'wait') {
    await connection.ioConnection.connect().catch((error: unknown) => {
      logger.error(
        { err: error },
        "Redis is unavailable at start-up: rate limits fall back to this instance's memory"
      )
    })
  }
}
