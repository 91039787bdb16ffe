/*
| HTTP server entry point: `npm start` runs it through the ts-exec loader, `node ace serve` in
| development. Pending migrations and the seeds a fresh database needs are applied by the
| `start/migrate.ts` preload before the server listens.
|
| SIGTERM stops the server gracefully: no new connections, in-flight requests finish (at most
| SHUTDOWN_TIMEOUT_MS, default 10 s), the mail worker finishes its pass, the pools close.
*/
import 'reflect-metadata'
import { createServer, type Server } from 'node:http'
import { Ignitor } from '@adonisjs/core'
import type { ApplicationService } from '@adonisjs/core/types'
import { beginDrain } from '../app/support/graceful_shutdown.js'
import { reportStartFailure } from '../app/support/start_failure.js'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

let nodeServer: Server | undefined

async function shutDown(app: ApplicationService) {
  if (nodeServer && !app.isTerminating) {
    const { default: env } = await import('#start/env')
    const { default: logger } = await import('@adonisjs/core/services/logger')
    const timeoutMs = env.get('SHUTDOWN_TIMEOUT_MS', 10_000)
    logger.info({ timeoutMs }, 'shutting down: finishing in-flight requests')
    beginDrain(nodeServer, timeoutMs, () =>
      logger.warn({ timeoutMs }, 'shutdown timeout reached: closing the requests still running')
    )
  }
  await app.terminate()
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => shutDown(app))
    app.listenIf(app.managedByPm2, 'SIGINT', () => shutDown(app))
  })
  .httpServer()
  .start((handler) => (nodeServer = createServer(handler)))
  .catch(reportStartFailure)
