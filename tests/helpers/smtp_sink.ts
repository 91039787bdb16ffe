import { SMTPServer } from 'smtp-server'
import env from '#start/env'

/** A mail server on 127.0.0.1:SMTP_PORT that keeps what it receives. */
export class SmtpSink {
  messages: Array<{ to: string[]; raw: string }> = []
  #server?: SMTPServer

  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      secure: false,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          this.messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    this.#server = server
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(env.get('SMTP_PORT'), '127.0.0.1', () => resolve())
    })
  }

  async stop() {
    const server = this.#server
    this.#server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** The one message sent to `address`. */
  to(address: string) {
    const found = this.messages.filter((message) => message.to.includes(address))
    if (found.length !== 1) throw new Error(`expected one mail to ${address}, got ${found.length}`)
    // Undo quoted-printable soft line breaks, so a long line reads as written.
    return found[0].raw.replace(/=\r?\n/g, '')
  }
}
