import { BaseMail } from '@adonisjs/mail'
import type Order from '#models/order'

/** One order as the order mails show it; amounts in cents. */
export interface OrderMailSummary {
  orderNumber: string
  shopName: string
  items: Array<{
    name: string
    sku: string
    quantity: number
    unitPriceCents: number
    lineTotalCents: number
  }>
  subTotalCents: number
  shippingCostCents: number
  taxAmountCents: number
  discountAmountCents: number
  totalCents: number
}

/** What both order mails show of one order (its items loaded), in cents. */
export function mailSummaryOf(order: Order): OrderMailSummary {
  return {
    orderNumber: order.orderNumber,
    shopName: order.shopName,
    items: order.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      lineTotalCents: item.lineTotalCents,
    })),
    subTotalCents: order.subTotalCents,
    shippingCostCents: order.shippingCostCents,
    taxAmountCents: order.taxAmountCents,
    discountAmountCents: order.discountAmountCents,
    totalCents: order.totalCents,
  }
}

/**
 * The confirmation as the outbox stores it: what the mail shows, and the checkout it confirms.
 * The shipping address is not shown, so it is not kept in the outbox either.
 */
export interface OrderConfirmationPayload {
  email: string
  checkoutId: string
  currency: string
  shippingMethodName: string
  orders: OrderMailSummary[]
  totalCents: number
}

/** Cents as an amount with its currency: 1250, USD → "12.50 USD". */
export function formatMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  const fraction = String(absolute % 100).padStart(2, '0')
  return `${sign}${Math.floor(absolute / 100)}.${fraction} ${currency}`
}

/**
 * The customer's confirmation of a placement: every order of the checkout and the total. Sent at
 * placement, before any money is in, so it says the orders were received, never that they were
 * paid; the payment received mail follows a capture (docs/api/payments.md).
 */
export default class OrderConfirmationMail extends BaseMail {
  subject = 'We received your order'

  constructor(private payload: OrderConfirmationPayload) {
    super()
  }

  /**
   * The payload of the confirmation of a placement's orders (their items loaded, in checkout
   * order), built where the order is placed and stored in the outbox with it.
   */
  static payloadOf(
    customerEmail: string,
    orders: Order[],
    placement: { totalCents: number }
  ): OrderConfirmationPayload {
    const [first] = orders
    return {
      email: customerEmail,
      checkoutId: first.checkoutId,
      currency: first.currency,
      shippingMethodName: first.shippingMethodName,
      orders: orders.map(mailSummaryOf),
      totalCents: placement.totalCents,
    }
  }

  prepare() {
    const { email, currency, shippingMethodName, orders, totalCents } = this.payload
    const money = (cents: number) => formatMoney(cents, currency)
    const blocks = orders.map((order) =>
      [
        `Order ${order.orderNumber} from ${order.shopName}`,
        ...order.items.map(
          (item) => `  ${item.quantity} x ${item.name} (${item.sku}): ${money(item.lineTotalCents)}`
        ),
        `  Subtotal ${money(order.subTotalCents)}, shipping ${money(order.shippingCostCents)}, ` +
          `tax ${money(order.taxAmountCents)}` +
          (order.discountAmountCents > 0 ? `, discount -${money(order.discountAmountCents)}` : ''),
        `  Total ${money(order.totalCents)}`,
      ].join('\n')
    )
    this.message
      .to(email)
      .subject(
        orders.length === 1
          ? `We received your order ${orders[0].orderNumber}`
          : `We received your ${orders.length} orders`
      )
      .text(
        `Thank you: we received your ${orders.length === 1 ? 'order' : 'orders'}. ` +
          `Shipping: ${shippingMethodName}.\n\n${blocks.join('\n\n')}\n\n` +
          `Total to pay: ${money(totalCents)}. Nothing has been charged yet: we will tell you ` +
          `when your payment is received.\n`
      )
      .htmlView('emails/order_confirmation', {
        shippingMethodName,
        total: money(totalCents),
        orders: orders.map((order) => ({
          orderNumber: order.orderNumber,
          shopName: order.shopName,
          items: order.items.map((item) => ({ ...item, lineTotal: money(item.lineTotalCents) })),
          subTotal: money(order.subTotalCents),
          shippingCost: money(order.shippingCostCents),
          taxAmount: money(order.taxAmountCents),
          discountAmount: order.discountAmountCents > 0 ? money(order.discountAmountCents) : null,
          total: money(order.totalCents),
        })),
      })
  }
}
