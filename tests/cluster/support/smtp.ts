import type { SMTPServer } from 'smtp-server'
import { freePort } from '#tests/helpers/instances'
import { type ReceivedMail, startSmtpServer, stopSmtpServer } from '#tests/helpers/smtp_server'

export type { ReceivedMail }

/** A mail server on a free port that keeps every message it receives. */
export class TestSmtp {
  readonly messages: ReceivedMail[] = []
  #server?: SMTPServer

  private constructor(readonly port: number) {}

  /** Starts a server on a free port. */
  static async create(): Promise<TestSmtp> {
    const smtp = new TestSmtp(await freePort())
    await smtp.start()
    return smtp
  }

  /** Starts listening. */
  async start() {
    this.#server = await startSmtpServer(this.port, (mail) => this.messages.push(mail))
  }

  /** Messages to `address`. */
  to(address: string) {
    return this.messages.filter((message) => message.to.includes(address))
  }

  /** Stops listening. */
  async stop() {
    const server = this.#server
    this.#server = undefined
    await stopSmtpServer(server)
  }
}
