/*
| The kinds of rule start/env.ts gives its variables. A rule receives the variable's name and its
| raw text (undefined when it is not set; an empty value is read as not set, as by the framework's
| own rules) and returns the value, or throws a message that names the variable and says what it
| accepts, which the start reports without a stack trace (app/support/start_failure.ts).
*/
import string from '@adonisjs/core/helpers/string'

/** One variable's rule, as `Env.create` calls it. */
export type EnvRule<T> = (name: string, value?: string) => T

const isUnset = (value?: string): value is undefined | '' => value === undefined || value === ''

/** Bounds of a number, with the unit the message names (`minutes`, `ms`). */
export interface NumberRange {
  min: number
  max: number
  unit?: string
}

function describeRange(kind: string, { min, max, unit }: NumberRange) {
  return `${kind} from ${min} to ${max}${unit ? ` (${unit})` : ''}`
}

function numberRule(kind: string, pattern: RegExp, range: NumberRange) {
  const allowed = describeRange(kind, range)
  return (name: string, value?: string): number | undefined => {
    if (isUnset(value)) return undefined
    const number = pattern.test(value.trim()) ? Number(value) : Number.NaN
    if (!Number.isFinite(number) || number < range.min || number > range.max) {
      throw new Error(`${name} must be ${allowed}, got "${value}"`)
    }
    return number
  }
}

const WHOLE = /^-?\d+$/
const DECIMAL = /^-?\d+(\.\d+)?$/

/** An optional whole number within `range`. */
export function wholeNumber(range: NumberRange): EnvRule<number | undefined> {
  return numberRule('a whole number', WHOLE, range)
}

/** An optional decimal number (`8.25`) within `range`. */
export function decimalNumber(range: NumberRange): EnvRule<number | undefined> {
  return numberRule('a number', DECIMAL, range)
}

/**
 * An optional duration with its unit (`15m`, `900s`, `12h`, `30d`, read by the framework's
 * `string.seconds.parse`) from `min` to `max`. A bare number is refused: the parser would read
 * `900` as 900 milliseconds, less than a second.
 */
export function duration(min: string, max: string): EnvRule<string | undefined> {
  const bounds = { min: string.seconds.parse(min), max: string.seconds.parse(max) }
  const allowed = `a duration from ${min} to ${max}, written with its unit (s, m, h or d)`
  return (name, value) => {
    if (isUnset(value)) return undefined
    let seconds = Number.NaN
    if (/^\d+(\.\d+)?\s*[a-z]+$/i.test(value)) {
      try {
        seconds = string.seconds.parse(value)
      } catch {}
    }
    if (!(seconds >= bounds.min && seconds <= bounds.max)) {
      throw new Error(`${name} must be ${allowed}, got "${value}"`)
    }
    return value
  }
}

/**
 * An optional text that, when it is set, must say something: an empty or blank value is refused
 * rather than silently replaced by `fallback`. The framework passes a variable set empty in the
 * environment (not in .env) as unset, so the environment is asked too.
 */
export function nonEmptyText(fallback: string): EnvRule<string | undefined> {
  return (name, given) => {
    const value = given ?? process.env[name]
    if (value === undefined) return undefined
    if (value.trim() === '') {
      throw new Error(
        `${name} must not be empty: set it, or remove the line to use the default "${fallback}"`
      )
    }
    return value
  }
}

/** An optional text that `isValid` accepts; wrap it in `described` for the message. */
export function textWhere(isValid: (value: string) => boolean): EnvRule<string | undefined> {
  return (name, value) => {
    if (isUnset(value)) return undefined
    if (!isValid(value)) throw new Error(`${name} is refused`)
    return value
  }
}

/** An optional `true` or `false` (`1` and `0` are read as such too). */
export function flag(): EnvRule<boolean | undefined> {
  return (name, value) => {
    if (isUnset(value)) return undefined
    const normalized = value.trim().toLowerCase()
    if (normalized === 'true' || normalized === '1') return true
    if (normalized === 'false' || normalized === '0') return false
    throw new Error(`${name} must be true or false, got "${value}"`)
  }
}

/** One of `choices`; `required` refuses an unset variable. */
export function oneOf<const Choice extends string>(
  choices: readonly Choice[],
  options: { required: true }
): EnvRule<Choice>
export function oneOf<const Choice extends string>(
  choices: readonly Choice[],
  options?: { required?: false }
): EnvRule<Choice | undefined>
export function oneOf<const Choice extends string>(
  choices: readonly Choice[],
  options: { required?: boolean } = {}
): EnvRule<Choice | undefined> {
  const allowed = `one of ${choices.join(', ')}`
  return (name, value) => {
    if (isUnset(value)) {
      if (options.required) throw new Error(`${name} is not set: it must be ${allowed}`)
      return undefined
    }
    if (!(choices as readonly string[]).includes(value)) {
      throw new Error(`${name} must be ${allowed}, got "${value}"`)
    }
    return value as Choice
  }
}

/**
 * The framework's own rule (`Env.schema.string({ format: 'host' })`, ...) with a message that says
 * what is accepted: `allowed`, completing "NAME must be ...". `echo: false` keeps the value out of
 * the message (a password).
 */
export function described<T>(
  rule: EnvRule<T>,
  allowed: string,
  options: { echo?: boolean } = {}
): EnvRule<T> {
  return (name, value) => {
    try {
      return rule(name, value)
    } catch {
      if (isUnset(value)) throw new Error(`${name} is not set: it must be ${allowed}`)
      const got = options.echo === false ? '' : `, got "${value}"`
      throw new Error(`${name} must be ${allowed}${got}`)
    }
  }
}

/**
 * `rule`, giving `fallback` when the variable is unset or empty: the default README.md lists, so
 * that a build started without any `.env` (a container, a systemd unit) runs on it.
 */
export function withDefault<T>(rule: EnvRule<T | undefined>, fallback: T): EnvRule<T> {
  return (name, value) => (isUnset(value) ? fallback : (rule(name, value) ?? fallback))
}
