import { addressLines } from '#support/address_lines'
import { BaseMail } from '@adonisjs/mail'
import { formatMoney, mailSummaryOf, type OrderMailSummary } from '#mails/order_confirmation_mail'
import type Order from '#models/order'
import type { AddressSnapshot } from '#models/order'

/** The notice as the outbox stores it. */
export interface OrderReceivedPayload {
  email: string
  currency: string
  paymentMethod: string
  shippingMethodName: string
  shippingAddress: AddressSnapshot
  notes: string | null
  order: OrderMailSummary
}

/** A seller's notice of a new order for one of their shops. */
export default class OrderReceivedMail extends BaseMail {
  subject = 'New order'

  constructor(private payload: OrderReceivedPayload) {
    super()
  }

  /** The payload of the notice of a new order (its items loaded) to the seller at `sellerEmail`. */
  static payloadOf(sellerEmail: string, order: Order): OrderReceivedPayload {
    return {
      email: sellerEmail,
      currency: order.currency,
      paymentMethod: order.paymentMethod,
      shippingMethodName: order.shippingMethodName,
      shippingAddress: order.shippingAddress,
      notes: order.notes,
      order: mailSummaryOf(order),
    }
  }

  prepare() {
    const { email, currency, paymentMethod, shippingMethodName, shippingAddress, notes, order } =
      this.payload
    const money = (cents: number) => formatMoney(cents, currency)
    const address = [...addressLines(shippingAddress), shippingAddress.phone].filter(Boolean)
    this.message
      .to(email)
      .subject(`New order ${order.orderNumber} for ${order.shopName}`)
      .text(
        [
          `${order.shopName} has a new order, ${order.orderNumber}.`,
          '',
          ...order.items.map(
            (item) =>
              `  ${item.quantity} x ${item.name} (${item.sku}): ${money(item.lineTotalCents)}`
          ),
          '',
          `Total ${money(order.totalCents)}, payment by ${paymentMethod}.`,
          `Ship by ${shippingMethodName} to:`,
          ...address.map((line) => `  ${line}`),
          ...(notes ? ['', `Customer's notes: ${notes}`] : []),
        ].join('\n') + '\n'
      )
      .htmlView('emails/order_received', {
        order: {
          ...order,
          items: order.items.map((item) => ({ ...item, lineTotal: money(item.lineTotalCents) })),
          total: money(order.totalCents),
        },
        paymentMethod,
        shippingMethodName,
        address,
        notes,
      })
  }
}
