import { prettyPrintError } from '@adonisjs/core'
import { errors } from '@adonisjs/core/env'

/**
 * Writes the messages of start/env.ts when `error` is the refusal of invalid settings, and says
 * whether it was. Invalid settings are the operator's to fix, not a fault of the code: they get
 * one line per variable, naming it and what it accepts, and no stack trace, which would only point
 * into the framework.
 */
export function reportInvalidSettings(error: unknown): boolean {
  if (!(error instanceof errors.E_INVALID_ENV_VARIABLES)) return false
  process.exitCode = 1
  process.stderr.write(
    `The service cannot start: fix these settings (README.md, "Configuration"):\n${error.help}\n`
  )
  return true
}

/**
 * How the entry points (bin/server.ts, bin/console.ts, bin/test.ts) report a start that failed:
 * invalid settings as above, any other error in full.
 */
export function reportStartFailure(error: unknown) {
  process.exitCode = 1
  if (!reportInvalidSettings(error)) return prettyPrintError(error)
}
