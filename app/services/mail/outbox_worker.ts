import logger from '@adonisjs/core/services/logger'
import { OutboxService } from '#services/mail/outbox_service'
import { PruneService } from '#services/system/prune_service'

/** How often the worker also prunes expired rows (`node ace prune` does the same on demand). */
const PRUNE_EVERY_MS = 60 * 60 * 1000
/** Messages claimed per batch of a pass. */
const BATCH_SIZE = 20
/** A pass goes on with another batch while the last one was full, up to this many batches. */
const MAX_BATCHES_PER_PASS = 10

/**
 * Polls the outbox on a timer, one pass at a time, never overlapping. A pass sends due messages
 * in batches while batches come back full (a backlog drains without waiting an interval per
 * batch); once an hour a pass also prunes expired rows. `stop` lets the batch in progress finish,
 * so a shutdown never leaves a message claimed by a process that is gone.
 */
export class OutboxWorker {
  #timer?: NodeJS.Timeout
  #stopping = false
  #pass?: Promise<void>
  #lastPruneAt = 0
  #outbox: OutboxService
  #prune = new PruneService()

  constructor(
    private intervalMs = 2000,
    outbox = new OutboxService()
  ) {
    this.#outbox = outbox
  }

  /** Starts polling; the timer does not keep the process alive. */
  start() {
    this.#timer ??= setInterval(() => this.tick(), this.intervalMs)
    this.#timer.unref()
  }

  /** Stops polling and waits for the pass in progress, if any. */
  async stop() {
    this.#stopping = true
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
    await this.#pass
  }

  /** One delivery pass (and a prune when one is due), skipped when the previous one still runs. */
  tick(): Promise<void> {
    this.#pass ??= this.#run().finally(() => (this.#pass = undefined))
    return this.#pass
  }

  async #run() {
    try {
      // A backlog drains without waiting a whole interval per batch.
      for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
        const report = await this.#outbox.deliverDue(BATCH_SIZE)
        if (report.sent + report.failed < BATCH_SIZE || this.#stopping) break
      }
    } catch (error) {
      logger.error({ err: error }, 'outbox pass failed')
    }
    if (Date.now() - this.#lastPruneAt < PRUNE_EVERY_MS) return
    this.#lastPruneAt = Date.now()
    try {
      await this.#prune.prune()
    } catch (error) {
      logger.error({ err: error }, 'prune failed')
    }
  }
}
