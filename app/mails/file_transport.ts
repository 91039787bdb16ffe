import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import logger from '@adonisjs/core/services/logger'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage, Recipient } from '@adonisjs/mail/types'

const addressOf = (recipient: Recipient) =>
  typeof recipient === 'string' ? recipient : recipient.address

/**
 * The transport used without SMTP (MAIL_TRANSPORT=file, the default outside production when no
 * SMTP_HOST is set): each mail is written to a file under `directory`, so a developer can read a
 * code without running a mail server. The log names only the file: mails carry codes, and logs
 * travel further than the machine's disk.
 */
export class FileTransport implements MailTransportContract {
  constructor(private directory: string) {}

  async send(message: NodeMailerMessage): Promise<MailResponse<{ file: string }>> {
    const messageId = randomUUID()
    const to = (message.to ?? []).map(addressOf)
    const from = message.from ? addressOf(message.from) : ''
    const text = typeof message.text === 'string' ? message.text : ''
    await mkdir(this.directory, { recursive: true })
    const file = join(
      this.directory,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${messageId}.txt`
    )
    const headers = [`From: ${from}`, `To: ${to.join(', ')}`, `Subject: ${message.subject ?? ''}`]
    await writeFile(file, `${headers.join('\n')}\n\n${text}\n`)
    logger.info({ file }, 'mail written to file')
    return new MailResponse(messageId, { from, to }, { file })
  }
}
