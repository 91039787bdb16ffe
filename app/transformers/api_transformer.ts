import type { DateTime } from 'luxon'
import { BaseTransformer } from '@adonisjs/core/transformers'
import { centsToAmount } from '#support/money'

/**
 * What every API transformer shares: the one instant format and the one money conversion, so no
 * response writes either another way.
 */
export default abstract class ApiTransformer<T> extends BaseTransformer<T> {
  /** An instant as every response writes it: ISO 8601 in UTC with milliseconds and `Z`. */
  protected instant(value: DateTime): string {
    return value.toJSDate().toISOString()
  }

  /** Integer cents as the decimal amount of the JSON body (1025 → 10.25). */
  protected amount(cents: number): number {
    return centsToAmount(cents)
  }
}
