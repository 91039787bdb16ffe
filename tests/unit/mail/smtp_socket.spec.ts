import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import { openSmtpSocket } from '#mails/smtp_socket'

/** openSmtpSocket as a promise: the socket it hands over, or its error. */
function open(port: number) {
  return new Promise<net.Socket>((resolve, reject) =>
    openSmtpSocket({ host: '127.0.0.1', port, connectionTimeout: 2000 }, (error, options) =>
      error ? reject(error) : resolve(options!.connection)
    )
  )
}

test.group('openSmtpSocket', () => {
  test('hands nodemailer a connected socket', async ({ assert, cleanup }) => {
    const server = net.createServer((socket) => socket.end())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))

    const socket = await open((server.address() as AddressInfo).port)
    cleanup(() => {
      socket.destroy()
    })
    assert.equal(socket.remotePort, (server.address() as AddressInfo).port)
    assert.equal(socket.readyState, 'open')
  })

  test('a refused connection is an error, not a socket', async ({ assert }) => {
    const server = net.createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    await new Promise<void>((resolve) => server.close(() => resolve()))

    await assert.rejects(() => open(port), /ECONNREFUSED/)
  })
})
