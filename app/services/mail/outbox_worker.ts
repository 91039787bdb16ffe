import logger from '@adonisjs/core/services/logger'
import { OutboxService } from '#services/mail/outbox_service'

/** Polls the outbox on a timer; one pass at a time, never overlapping. */
export class OutboxWorker {
  #timer?: NodeJS.Timeout
  #running = false
  #outbox = new OutboxService()

  constructor(private intervalMs = 2000) {}

  /** Starts polling; the timer does not keep the process alive. */
  start() {
    this.#timer ??= setInterval(() => this.tick(), this.intervalMs)
    this.#timer.unref()
  }

  /** Stops polling. */
  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
  }

  /** One delivery pass, skipped when the previous one is still running. */
  async tick() {
    if (this.#running) return
    this.#running = true
    try {
      await this.#outbox.deliverDue()
    } catch (error) {
      logger.error({ err: error }, 'outbox pass failed')
    } finally {
      this.#running = false
    }
  }
}
