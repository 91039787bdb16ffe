import net from 'node:net'

/** What nodemailer hands to a transport's `getSocket`: the options of the connection to open. */
interface SocketRequest {
  host?: string
  port?: number
  secure?: boolean
  connectionTimeout?: number
}

type SocketCallback = (error: Error | null, socketOptions?: { connection: net.Socket }) => void

/**
 * Opens the TCP connection to the mail server for nodemailer (its `getSocket` hook), with Nagle's
 * algorithm off. SMTP is a conversation of small commands, each waiting for its reply; nodemailer
 * leaves Nagle on, so each command could wait for the previous segment's delayed ACK, about 40 ms:
 * a pooled connection then carried about 20 mails a second however fast both ends were.
 * nodemailer still speaks SMTP over it, STARTTLS and implicit TLS (`secure`) included.
 */
export function openSmtpSocket(request: SocketRequest, callback: SocketCallback) {
  // The ports nodemailer falls back to.
  const port = request.port ?? (request.secure ? 465 : 587)
  const socket = net.connect({ host: request.host, port, noDelay: true })
  let settled = false
  const settle = (error: Error | null) => {
    if (settled) return
    settled = true
    socket.setTimeout(0)
    socket.removeListener('error', settle)
    if (error) {
      socket.destroy()
      return callback(error)
    }
    callback(null, { connection: socket })
  }
  socket.once('connect', () => settle(null))
  socket.once('error', settle)
  // The transport's own connection timeout does not cover a socket handed to it connected.
  socket.setTimeout(request.connectionTimeout ?? 5_000, () =>
    settle(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }))
  )
}
