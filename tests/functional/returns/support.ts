import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import TaxRate from '#models/tax_rate'
import { actor } from '#tests/helpers/actors'
import {
  fillCart,
  product,
  sellerShop,
  seededMethod,
  shopper,
} from '#tests/functional/checkout/support'
import { placeThroughService } from '#tests/functional/orders/support'
import { MAIL_KINDS, type MailKind } from '#mails/registry'
import { useCompiledMailTemplates } from '#mails/template_engine'

export const orderReturns = (orderId: string) => `/api/v1/orders/${orderId}/returns`
export const sellerReturn = (id: string, step?: string) =>
  `/api/v1/seller/returns/${id}${step ? `/${step}` : ''}`
export const adminReturn = (id: string, step?: string) =>
  `/api/v1/admin/returns/${id}${step ? `/${step}` : ''}`

/** Sends `method url` with `who`'s token and `body`. */
export function as(
  client: ApiClient,
  who: { authorization: string },
  method: 'get' | 'post' | 'put',
  url: string,
  body?: Record<string, unknown>
) {
  const request = client[method](url).header('Authorization', who.authorization)
  return body ? request.json(body) : request
}

/** Moves an order along as its seller does, to `status`, with `extra` (a shipment). */
export async function moveOrder(
  client: ApiClient,
  seller: { authorization: string },
  orderId: string,
  status: string,
  extra: Record<string, unknown> = {}
) {
  const response = await as(client, seller, 'put', `/api/v1/seller/orders/${orderId}/status`, {
    status,
    ...extra,
  })
  response.assertStatus(200)
  return response.body()
}

/**
 * A paid, delivered order of one shop with three lines: 2 × 20.00, 1 × 15.00 and 4 × 5.00
 * (75.00), a 10 % coupon (7.50 off) and 8 % tax on what is left (5.40), shipped by the seeded
 * Standard method to Wyoming. Paid by bank transfer, recorded by an admin; delivered by its seller.
 */
export async function deliveredOrder(
  client: ApiClient,
  options: { deliver?: boolean; pay?: boolean } = {}
) {
  const { deliver = true, pay = true } = options
  await TaxRate.updateOrCreate({ country: 'US', region: 'WY' }, { rate: 8000 })
  const customer = await shopper({ state: 'WY' })
  const seller = await sellerShop('Gamma Goods')
  const lamp = await product(seller.shop.id, 2000, { name: 'Lamp', sku: 'LAMP-1' })
  const vase = await product(seller.shop.id, 1500, { name: 'Vase', sku: 'VASE-1' })
  const card = await product(seller.shop.id, 500, { name: 'Card', sku: 'CARD-1' })
  await fillCart(customer.user, [
    [lamp, 2],
    [vase, 1],
    [card, 4],
  ])
  const coupon = await CouponFactory.merge({
    discountType: 'PERCENTAGE',
    discountValue: 1000,
  }).create()
  const standard = await seededMethod('Standard')
  const { orders } = await placeThroughService(customer.user, customer, standard, {
    paymentMethod: 'BANK_TRANSFER',
    couponCode: coupon.code,
  })
  const order = orders[0]
  const admin = await actor(UserType.ADMIN)
  if (pay) {
    const paid = await as(client, admin, 'put', `/api/v1/admin/orders/${order.id}/payment-status`, {
      paymentStatus: 'PAID',
    })
    paid.assertStatus(200)
  }
  if (deliver) {
    await moveOrder(client, seller, order.id, 'CONFIRMED')
    await moveOrder(client, seller, order.id, 'SHIPPED', {
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://track.example.com/1Z999',
    })
    await moveOrder(client, seller, order.id, 'DELIVERED')
  }
  return { customer, seller, admin, lamp, vase, card, coupon, order, standard }
}

/** Moves the order's delivery `days` back in time, as if it had been delivered then. */
export async function deliveredDaysAgo(orderId: string, days: number) {
  const at = DateTime.now().minus({ days })
  await db
    .from('order_status_history')
    .where('order_id', orderId)
    .where('field', 'STATUS')
    .where('to_value', 'DELIVERED')
    .update({ created_at: at.toUTC().toFormat(db.connection().dialect.dateTimeFormat) })
}

/** The order row's money and the lines' returned units. */
export async function orderState(orderId: string) {
  const row = await db.from('orders').where('id', orderId).firstOrFail()
  const lines = await db.from('order_items').where('order_id', orderId).orderBy('position')
  return {
    paid: Number(row.paid_amount_cents),
    refunded: Number(row.refunded_amount_cents),
    paymentStatus: row.payment_status as string,
    returned: lines.map((line) => Number(line.returned_quantity)),
  }
}

/** The stock of a product now. */
export async function stockOf(productId: string) {
  const row = await db.from('product_variants').where('id', productId).firstOrFail()
  return Number(row.stock)
}

/** The outbox mails of `kind` to `email`, oldest first, as the worker would send them. */
export async function mailsTo(kind: string, email: string) {
  const rows = await db
    .from('outbox_messages')
    .where('kind', kind)
    .whereLike('payload', `%${JSON.stringify(email)}%`)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
  const rendered = []
  for (const row of rows) {
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    rendered.push({ payload, ...(await renderMail(kind, payload)) })
  }
  return rendered
}

/** Builds the mail of `kind` from `payload` as the outbox worker does: subject, text, HTML. */
export async function renderMail(kind: string, payload: Record<string, unknown>) {
  useCompiledMailTemplates()
  const mail = MAIL_KINDS[kind as MailKind](payload)
  await mail.buildWithContents()
  const { message } = mail.message.toJSON()
  return {
    subject: String(message.subject),
    text: String(message.text),
    html: String(message.html),
  }
}

/** The webhook events of `type` about the order. */
export async function eventsOf(type: string, orderId: string) {
  const rows = await db
    .from('outbox_messages')
    .where('kind', 'webhook_event')
    .whereLike('payload', `%"order:${orderId}"%`)
  return rows
    .map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload))
    .filter((payload) => payload.type === type)
}

/** The units of each line held by returns, in line order. */
export async function returnedOf(orderId: string) {
  const state = await orderState(orderId)
  return state.returned
}

/** A return's status now. */
export async function returnStatus(id: string) {
  const row = await db.from('returns').where('id', id).firstOrFail()
  return row.status as string
}

/** Asserts the status of a response. */
export function expectStatus(response: { assertStatus(status: number): void }, status: number) {
  response.assertStatus(status)
}
