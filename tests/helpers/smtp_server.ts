import { SMTPServer } from 'smtp-server'

/** One message as the mail server received it. */
export interface ReceivedMail {
  to: string[]
  raw: string
}

/**
 * A plain-text mail server on 127.0.0.1:`port` (no TLS, no login) that hands every message it
 * receives to `receive`. Needs no booted application, so the cluster tests use it too.
 */
export async function startSmtpServer(
  port: number | undefined,
  receive: (mail: ReceivedMail) => void
) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    secure: false,
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        receive({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return server
}

/** Closes a server `startSmtpServer` started, if any. */
export async function stopSmtpServer(server: SMTPServer | undefined) {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
}
