import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { UserType } from '#enums/user_type'
import TaxRate from '#models/tax_rate'
import PolicyConsent from '#models/policy_consent'
import { PolicyFactory } from '#database/factories/policy_factory'
import { TokenService } from '#services/accounts/token_service'
import { actor } from '#tests/helpers/actors'
import {
  fillCart,
  product,
  sellerShop,
  seededMethod,
  shopper,
} from '#tests/functional/checkout/support'
import { placeThroughService } from '#tests/functional/orders/support'
import { as, moveOrder, orderReturns, sellerReturn } from '#tests/functional/returns/support'
import { markPaid, refund } from '#tests/functional/ledger/support'

export const EXPORT = '/api/v1/me/export'
export const ERASE = '/auth/me'

/** The personal values of one person, each distinctive enough to be searched for everywhere. */
export function distinctiveValues() {
  const tag = randomUUID().slice(0, 8)
  return {
    fullName: `Zelda Quillfeather ${tag}`,
    phone: `+1 307 555 ${tag.slice(0, 4)}`,
    line1: `${tag} Marigold Terrace`,
    line2: `Suite Q-${tag}`,
    notes: `Leave it with the heron statue ${tag}`,
    returnReason: `The lamp hums in B flat ${tag}`,
    ipAddress: `203.0.113.${(Number.parseInt(tag.slice(0, 2), 16) % 250) + 1}`,
    userAgent: `PrivacyTestBrowser/${tag}`,
  }
}

/**
 * A customer with a history in every table an account's data can reach: a saved address, a cart
 * line, a consent, a refresh token and a one-time code, and one delivered, paid order with three
 * lines, a shipment, a partial refund and a rejected return, all with distinctive values. Every
 * order and return is in a final state, so the account may be erased.
 */
export async function customerWithHistory(client: ApiClient) {
  const values = distinctiveValues()
  await TaxRate.updateOrCreate({ country: 'US', region: 'WY' }, { rate: 8000 })
  const customer = await shopper({
    fullName: values.fullName,
    phone: values.phone,
    line1: values.line1,
    line2: values.line2,
    state: 'WY',
  })
  const seller = await sellerShop('Privacy Goods')
  const lamp = await product(seller.shop.id, 2000, { name: 'Lamp', sku: `LAMP-${randomUUID()}` })
  const vase = await product(seller.shop.id, 1500, { name: 'Vase', sku: `VASE-${randomUUID()}` })
  await fillCart(customer.user, [
    [lamp, 2],
    [vase, 1],
  ])
  const { orders } = await placeThroughService(
    customer.user,
    customer,
    await seededMethod('Standard'),
    { paymentMethod: 'BANK_TRANSFER', notes: values.notes }
  )
  const order = orders[0]
  await markPaid(client, order.id)
  await moveOrder(client, seller, order.id, 'CONFIRMED')
  await moveOrder(client, seller, order.id, 'SHIPPED', {
    carrier: 'UPS',
    trackingNumber: `1Z${values.phone.slice(-4)}`,
    trackingUrl: 'https://track.example.com/1Z',
  })
  await moveOrder(client, seller, order.id, 'DELIVERED')
  const refunded = await refund(client, order.id, 500)
  const requested = await as(client, customer, 'post', orderReturns(order.id), {
    items: [{ productId: lamp.id, quantity: 1 }],
    reason: values.returnReason,
  })
  requested.assertStatus(201)
  const rejected = await as(client, seller, 'post', sellerReturn(requested.body().id, 'reject'), {})
  rejected.assertStatus(200)

  await fillCart(customer.user, [[vase, 3]])
  const policy = await PolicyFactory.create()
  await PolicyConsent.create({
    userId: customer.user.id,
    policyId: policy.id,
    policyType: policy.type,
    policyVersion: policy.version,
    consentedAt: DateTime.now(),
    ipAddress: values.ipAddress,
    userAgent: values.userAgent,
  })
  const tokens = await app.container.make(TokenService)
  const issued = await tokens.issue(customer.user)

  return {
    customer,
    seller,
    order,
    refundId: refunded.body().id as string,
    returnId: requested.body().id as string,
    values,
    issued,
  }
}

/** An administrator signed in through the API. */
export function admin() {
  return actor(UserType.ADMIN)
}

/**
 * Every text column of every table of the database, read from its catalog (never listed by
 * hand, so a table added later is searched too).
 */
export async function textColumns(): Promise<Array<{ table: string; column: string }>> {
  const client = db.connection()
  if (client.dialect.name === 'postgres') {
    const { rows } = await client.rawQuery(
      `select table_name, column_name from information_schema.columns
       where table_schema = current_schema()
         and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`
    )
    return rows.map((row: { table_name: string; column_name: string }) => ({
      table: row.table_name,
      column: row.column_name,
    }))
  }
  const tables: Array<{ name: string }> = await client
    .from('sqlite_master')
    .where('type', 'table')
    .whereNot('name', 'like', 'sqlite_%')
    .select('name')
  const columns: Array<{ table: string; column: string }> = []
  for (const { name } of tables) {
    const info: Array<{ name: string; type: string }> = await client.rawQuery(
      `select name, type from pragma_table_info(?)`,
      [name]
    )
    for (const column of info) {
      if (/char|text|clob|json|^$/i.test(column.type))
        columns.push({ table: name, column: column.name })
    }
  }
  return columns
}

/** Every place (table.column) a value is found in, case-insensitively, across the database. */
export async function whereFound(values: string[]): Promise<string[]> {
  const client = db.connection()
  const cast = (column: string) =>
    client.dialect.name === 'postgres' ? `cast("${column}" as text)` : `"${column}"`
  const found: string[] = []
  for (const { table, column } of await textColumns()) {
    for (const value of values) {
      const hit = await client
        .from(table)
        .whereRaw(`lower(${cast(column)}) like ?`, [`%${value.toLowerCase()}%`])
        .count('* as total')
        .first()
      if (Number(hit?.total ?? 0) > 0) found.push(`${table}.${column} holds "${value}"`)
    }
  }
  return found
}
