import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import type { Actor } from '#support/actor'
import { OrderQueryService, type OrderFilters } from '#services/orders/order_query_service'
import { centsToAmount } from '#support/money'
import { toDbInstant } from '#support/sql_time'
import PolicyConsent from '#models/policy_consent'
import { storeTimezone } from '#support/store_time'
import { csvLine } from '#support/csv'

/** Rows read per query: the most an export holds in memory at once. */
export const EXPORT_BATCH = 500

/** The orders export's columns, in order. */
export const ORDER_COLUMNS = [
  'orderNumber',
  'placedAt',
  'shopName',
  'customerEmail',
  'status',
  'paymentStatus',
  'currency',
  'subTotal',
  'discountAmount',
  'shippingCost',
  'taxAmount',
  'total',
  'couponCode',
]

/** The consents export's columns, in order. */
export const CONSENT_COLUMNS = [
  'consentedAt',
  'userEmail',
  'policyType',
  'policyVersion',
  'ipAddress',
  'userAgent',
]

/** An instant as the exports write it: ISO 8601 in the store's time zone, to the second. */
function exportTime(instant: DateTime): string {
  return (
    instant.setZone(storeTimezone()).startOf('second').toISO({ suppressMilliseconds: true }) ?? ''
  )
}

/**
 * CSV exports for the console, produced line by line: each is read a batch of `batchSize` rows
 * at a time and handed on as it is read, so no export is ever whole in memory. Batches are pages
 * of a fixed order, bounded by the instant the export started: rows created meanwhile (new
 * orders, new consents) fall outside it, so they can neither appear half-way nor shift the pages.
 */
@inject()
export class CsvExportService {
  /** Rows read per query; tests lower it to cross batch boundaries with a few rows. */
  batchSize = EXPORT_BATCH

  constructor(protected orderQueries: OrderQueryService) {}

  /** The orders `actor` may see that match `filters`, newest first, as the console lists them. */
  async *orders(actor: Actor, filters: OrderFilters): AsyncGenerator<string> {
    const startedAt = DateTime.utc()
    const until = filters.until && filters.until < startedAt ? filters.until : startedAt
    yield csvLine(ORDER_COLUMNS)
    for (let offset = 0; ; offset += this.batchSize) {
      const { items } = await this.orderQueries.list(
        actor,
        { ...filters, until },
        { limit: this.batchSize, offset },
        { withPeople: true }
      )
      for (const order of items) {
        yield csvLine([
          order.orderNumber,
          exportTime(order.createdAt),
          order.shopName,
          order.user?.email ?? null,
          order.status,
          order.paymentStatus,
          order.currency,
          centsToAmount(order.subTotalCents),
          centsToAmount(order.discountAmountCents),
          centsToAmount(order.shippingCostCents),
          centsToAmount(order.taxAmountCents),
          centsToAmount(order.totalCents),
          order.couponCode,
        ])
      }
      if (items.length < this.batchSize) return
    }
  }

  /** Every consent record, oldest first, with the e-mail of the account that gave it. */
  async *consents(): AsyncGenerator<string> {
    const startedAt = toDbInstant(DateTime.utc())
    yield csvLine(CONSENT_COLUMNS)
    for (let offset = 0; ; offset += this.batchSize) {
      const rows = await PolicyConsent.query()
        .leftJoin('users', 'users.id', 'legal_policy_consents.user_id')
        .where('legal_policy_consents.consented_at', '<', startedAt)
        .select('legal_policy_consents.*', 'users.email as user_email')
        .orderBy('legal_policy_consents.consented_at', 'asc')
        .orderBy('legal_policy_consents.id', 'asc')
        .limit(this.batchSize)
        .offset(offset)
      for (const consent of rows) {
        yield csvLine([
          exportTime(consent.consentedAt),
          consent.$extras.user_email,
          consent.policyType,
          consent.policyVersion,
          consent.ipAddress,
          consent.userAgent,
        ])
      }
      if (rows.length < this.batchSize) return
    }
  }
}
