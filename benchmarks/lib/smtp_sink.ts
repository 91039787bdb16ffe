/*
| A local SMTP server that accepts every message and only counts it: the far end of the mail
| delivery scenario. It listens on a free port of 127.0.0.1.
*/
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** Counts the messages delivered to it. */
export class SmtpSink {
  received = 0
  #server: SMTPServer

  private constructor(server: SMTPServer) {
    this.#server = server
  }

  /** Starts the sink on a free port. */
  static async start(): Promise<SmtpSink> {
    let sink: SmtpSink | undefined
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.on('data', () => {})
        stream.on('end', () => {
          sink!.received += 1
          callback()
        })
      },
    })
    sink = new SmtpSink(server)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    return sink
  }

  /** The port it listens on. */
  get port(): number {
    return (this.#server.server.address() as AddressInfo).port
  }

  /** Stops accepting mail. */
  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()))
  }
}
