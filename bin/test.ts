/*
| Test runner entry point (`node ace test` spawns it).
*/
process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { createServer } from 'node:net'
import { reportStartFailure } from '../app/support/start_failure.js'
import { ignitor } from './ignitor.js'
import { configure, processCLIArgs, run } from '@japa/runner'

/** A TCP port on 127.0.0.1 that the OS reports free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

// The SMTP tests start their own mail server, on a free port unless SMTP_PORT names one; the
// config reads it at boot, so it is chosen before the application starts.
process.env.SMTP_PORT ||= String(await freePort())

ignitor()
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.js')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => app.terminate()]),
      },
    })
  })
  .run(() => run())
  .catch(reportStartFailure)
