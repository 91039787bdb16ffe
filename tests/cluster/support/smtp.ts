import { SMTPServer } from 'smtp-server'
import { freePort } from '#tests/helpers/instances'

/** One message as the mail server received it. */
export interface ReceivedMail {
  to: string[]
  raw: string
}

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
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
  }

  /** Messages to `address`. */
  to(address: string) {
    return this.messages.filter((message) => message.to.includes(address))
  }

  /** Stops listening. */
  async stop() {
    const server = this.#server
    this.#server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
