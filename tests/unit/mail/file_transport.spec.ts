import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { MailResponse } from '@adonisjs/mail'
import { FileTransport } from '#mails/file_transport'
import { captureLogs, logLines } from '#tests/helpers/logs'

test.group('FileTransport', () => {
  test('writes the mail to a file and logs only where it is', async ({ assert, cleanup }) => {
    const directory = join(tmpdir(), `file-transport-${randomUUID()}`)
    cleanup(() => rm(directory, { recursive: true, force: true }))

    let response: MailResponse<{ file: string }> | undefined
    const output = await captureLogs(async () => {
      response = await new FileTransport(directory).send({
        from: 'no-reply@example.com',
        to: ['someone@example.com'],
        subject: 'Your verification code',
        text: 'Your verification code is 493817.',
      } as any)
    })

    const file = response!.original.file
    assert.include(await readFile(file, 'utf8'), '493817')

    const lines = logLines(output).filter((line) => line.msg === 'mail written to file')
    assert.lengthOf(lines, 1)
    assert.equal(lines[0].file, file)
    assert.notInclude(output, '493817')
    assert.notInclude(output, 'Your verification code is')
    assert.notInclude(output, 'someone@example.com')
  })
})
