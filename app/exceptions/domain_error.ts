import { Exception } from '@adonisjs/core/exceptions'

/** A field-level message attached to a 400 response. */
export interface FieldMessage {
  field: string
  message: string
}

/**
 * Base of every refusal a service can make. Each subclass fixes its HTTP status and its stable
 * machine code; the exception handler renders them without any controller catching them.
 */
export class DomainError extends Exception {
  declare status: number
  declare code: string
  fields?: FieldMessage[]
  headers?: Record<string, string>

  constructor(
    message?: string,
    options?: { fields?: FieldMessage[]; headers?: Record<string, string> }
  ) {
    super(message)
    this.fields = options?.fields
    this.headers = options?.headers
  }
}

/** Declares a domain error class with a fixed status, code and default message. */
export function defineDomainError(status: number, code: string, defaultMessage: string) {
  return class extends DomainError {
    static status = status
    static code = code
    static message = defaultMessage

    constructor(
      message?: string,
      options?: { fields?: FieldMessage[]; headers?: Record<string, string> }
    ) {
      super(message ?? defaultMessage, options)
      this.status = status
      this.code = code
      this.name = code
    }
  }
}

/** A class `defineDomainError` makes: `new` it to refuse, read its static status and code. */
export type DomainErrorClass = ReturnType<typeof defineDomainError>

/** One error as a line of data: `[status, CODE, default message]`. */
export type ErrorRow = readonly [status: number, code: string, message: string]

/**
 * The status, code and message of one error row. A row whose status is not an error status or
 * whose code is not upper snake case fails at load, so a typo never reaches a client.
 */
export function errorOfRow([status, code, message]: ErrorRow): {
  status: number
  code: string
  message: string
} {
  if (!Number.isInteger(status) || status < 400 || status > 599 || !/^[A-Z][A-Z_]+$/.test(code)) {
    throw new Error(`[${status}, '${code}'] is not an error status with an UPPER_SNAKE code`)
  }
  return { status, code, message }
}

/** Each row of `table` read by `errorOfRow`, under the same name. */
export function errorTable<Name extends string, Value>(
  table: Record<Name, ErrorRow>,
  make: (error: ReturnType<typeof errorOfRow>) => Value
): Record<Name, Value> {
  const rows: Array<[string, ErrorRow]> = Object.entries(table)
  return Object.fromEntries(rows.map(([name, row]) => [name, make(errorOfRow(row))])) as Record<
    Name,
    Value
  >
}

/**
 * Declares an area's domain errors from a table, one line each (`app/exceptions/*_errors.ts`):
 * `CartFull: [422, 'CART_FULL', 'A cart holds at most 100 different products']`.
 */
export function domainErrors<Name extends string>(
  table: Record<Name, ErrorRow>
): Record<Name, DomainErrorClass> {
  return errorTable(table, ({ status, code, message }) => defineDomainError(status, code, message))
}
