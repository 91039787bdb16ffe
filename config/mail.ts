import { isAbsolute } from 'node:path'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { FileTransport } from '#mails/file_transport'
import { openSmtpSocket } from '#mails/smtp_socket'

const smtpHost = env.get('SMTP_HOST')
const smtpUser = env.get('SMTP_USERNAME')

const configuredMailDirectory = env.get('MAIL_FILE_DIR', 'tmp/mail')
/** Where the `file` transport writes mail: MAIL_FILE_DIR, relative to the application root. */
const mailFileDirectory = isAbsolute(configuredMailDirectory)
  ? configuredMailDirectory
  : app.makePath(configuredMailDirectory)

/** SMTP or files under MAIL_FILE_DIR, as MAIL_TRANSPORT says (see start/env.ts for its default). */
const mailConfig = defineConfig({
  default: env.get('MAIL_TRANSPORT'),
  from: { address: env.get('MAIL_FROM', 'no-reply@example.com'), name: 'Commerce' },
  mailers: {
    smtp: transports.smtp({
      host: smtpHost ?? '127.0.0.1',
      port: env.get('SMTP_PORT', 587),
      secure: env.get('SMTP_SECURE', false),
      ...(smtpUser
        ? { auth: { type: 'login' as const, user: smtpUser, pass: env.get('SMTP_PASSWORD', '') } }
        : {}),
      // A mail server that is down or silent must fail the send quickly: the message stays in the
      // outbox for a later try, and a hung connection would stall the whole delivery pass.
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 15_000,
      // The outbox sends a batch at once: a few connections stay open for the whole delivery pass
      // and carry one message after another, instead of a connection and greeting per mail. The
      // outbox closes them when the pass ends (app/services/mail/outbox_service.ts).
      pool: true,
      maxConnections: 5,
      maxMessages: 1_000,
      ...{ getSocket: openSmtpSocket },
    }),
    file: () => new FileTransport(mailFileDirectory),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
