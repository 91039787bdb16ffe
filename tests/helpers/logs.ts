import { Writable } from 'node:stream'
import { pino } from 'pino'
import logger from '@adonisjs/core/services/logger'
import { REDACT_OPTIONS } from '#config/logger'

/**
 * Captures every log line the application writes while `run` runs, at every level, through the
 * same redaction as the configured logger. Request loggers are children created per request, so
 * swapping the root logger's pino instance captures them too.
 */
export async function captureLogs(run: () => Promise<void>): Promise<string> {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  const original = logger.pino
  logger.pino = pino({ level: 'trace', redact: REDACT_OPTIONS }, sink)
  try {
    await run()
  } finally {
    logger.pino = original
  }
  return lines.join('')
}

/** The JSON log lines of `captureLogs`' output, parsed. */
export function logLines(output: string): Array<Record<string, any>> {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
}

/** The security events named `event` in `captureLogs`' output. */
export function securityEvents(output: string, event: string): Array<Record<string, any>> {
  return logLines(output).filter((line) => line.event === event)
}
