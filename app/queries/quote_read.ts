import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import type { Knex } from 'knex'
import ShippingAddress from '#models/shipping_address'
import type { AddressSnapshot } from '#models/order'
import { addressSnapshot } from '#support/address_snapshot'
import { CompiledQuery } from '#queries/compiled_query'
import { buildLinesQuery, lineOf, type CartLineWithSeller, type LineRow } from '#queries/cart_lines'
import {
  applicableCouponOf,
  applicableCouponQuery,
  type ApplicableCoupon,
  type ApplicableCouponRow,
} from '#queries/applicable_coupon'

/** The delivery fields of a customer's address by id, named as `AddressSnapshot` names them. */
function deliveryQuery(client: QueryClientContract, id: string, customerId: string) {
  return ShippingAddress.query({ client })
    .where('shipping_addresses.id', id)
    .where('shipping_addresses.user_id', customerId)
    .select(
      'shipping_addresses.full_name as fullName',
      'shipping_addresses.phone',
      'shipping_addresses.line1',
      'shipping_addresses.line2',
      'shipping_addresses.city',
      'shipping_addresses.state',
      'shipping_addresses.postal_code as postalCode',
      'shipping_addresses.country'
    )
}

/**
 * What a quote reads of the database, in one statement: the delivery fields of the customer's
 * address and, joined to it, the customer's cart lines with the e-mail of each line's seller
 * (`buildLinesQuery`, the cart's own definition of a line) and, when a code is given, the
 * applicable coupon with that code (`applicableCouponQuery`). No row: the customer has no such
 * address; one row without a product: the cart is empty. The three sets of column names are
 * disjoint (camelCase address and coupon fields, snake_case line columns, `id`/`code` only in
 * the coupon's).
 */
function quoteReadQuery(withCoupon: boolean) {
  return new CompiledQuery<string[]>(withCoupon ? 3 : 2, (client, addressId, customerId, code) => {
    const query = deliveryQuery(client, addressId, customerId)
    /** Every row of `derived` beside the address's row (none: the address's row alone). */
    const besideEach = (derived: { toSQL(): Knex.Sql }, alias: string) => {
      const { sql, bindings } = derived.toSQL()
      query
        .joinRaw(`left join (${sql}) as ${alias} on 1 = 1`, [...bindings] as StrictValues[])
        .select(`${alias}.*`)
    }
    besideEach(
      buildLinesQuery(client, customerId, { withSellers: true, unordered: true }),
      'cart_lines'
    )
    if (withCoupon) besideEach(applicableCouponQuery(client, code), 'applicable_coupon')
    return query.orderBy('cart_lines.line_created_at', 'asc').orderBy('cart_lines.line_id', 'asc')
  })
}

const quoteReads = { withCoupon: quoteReadQuery(true), withoutCoupon: quoteReadQuery(false) }

/** Columns that are all null when the join found nothing. */
type Nullable<Row> = { [Column in keyof Row]: Row[Column] | null }

/** A row of a quote's read: the address's fields, a line's and the coupon's, when found. */
type QuoteReadRow = AddressSnapshot & Nullable<LineRow> & Nullable<ApplicableCouponRow>

/** What a quote starts from: the address, the cart's lines (oldest first), the coupon. */
export interface QuoteRead {
  address: AddressSnapshot
  lines: CartLineWithSeller[]
  /** Null without a code, or when no live, active coupon has it. */
  coupon: ApplicableCoupon | null
}

/**
 * The customer's address `addressId`, cart lines and, when `code` (already upper-case) is given,
 * the applicable coupon with it, in one round trip; null when the customer has no such address.
 */
export async function readQuote(
  client: QueryClientContract,
  read: { addressId: string; customerId: string; code: string | null }
): Promise<QuoteRead | null> {
  const rows = read.code
    ? await quoteReads.withCoupon.rows<QuoteReadRow>(
        [read.addressId, read.customerId, read.code],
        client
      )
    : await quoteReads.withoutCoupon.rows<QuoteReadRow>([read.addressId, read.customerId], client)
  if (rows.length === 0) return null
  return {
    address: addressSnapshot(rows[0]),
    lines: rows
      .filter((row) => row.product_id !== null)
      .map((row) => lineOf(row as LineRow, true) as CartLineWithSeller),
    coupon:
      read.code !== null && rows[0].id !== null
        ? applicableCouponOf(rows[0] as ApplicableCouponRow)
        : null,
  }
}
