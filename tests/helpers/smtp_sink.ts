import type { SMTPServer } from 'smtp-server'
import env from '#start/env'
import { type ReceivedMail, startSmtpServer, stopSmtpServer } from '#tests/helpers/smtp_server'

/** A mail server on 127.0.0.1:SMTP_PORT that keeps what it receives. */
export class SmtpSink {
  messages: ReceivedMail[] = []
  #server?: SMTPServer

  async start() {
    this.#server = await startSmtpServer(env.get('SMTP_PORT'), (mail) => this.messages.push(mail))
  }

  async stop() {
    const server = this.#server
    this.#server = undefined
    await stopSmtpServer(server)
  }

  /** The one message sent to `address`. */
  to(address: string) {
    const found = this.messages.filter((message) => message.to.includes(address))
    if (found.length !== 1) throw new Error(`expected one mail to ${address}, got ${found.length}`)
    // Undo quoted-printable soft line breaks, so a long line reads as written.
    return found[0].raw.replace(/=\r?\n/g, '')
  }
}
