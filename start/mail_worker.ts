/*
| The in-process outbox worker of the web server (set MAIL_WORKER=false to run it separately
| with `node ace outbox:work`). On shutdown it finishes its pass before the pools close.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { OutboxWorker } from '#services/mail/outbox_worker'

// Not in warmup mode: `node ace codegen` assembles the app only to read its routes.
if (env.get('MAIL_WORKER', true) && app.getMode() === 'run') {
  const worker = await app.container.make(OutboxWorker)
  worker.start()
  app.terminating(async () => {
    await worker.stop()
    logger.info('mail worker stopped')
  })
}
