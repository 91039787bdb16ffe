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
