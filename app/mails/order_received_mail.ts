import { BaseMail } from '@adonisjs/mail'
import { formatMoney, type OrderMailSummary } from '#mails/order_confirmation_mail'
import type { AddressSnapshot } from '#models/order'

/** A seller's notice of a new order for one of their shops. */
export default class OrderReceivedMail extends BaseMail {
  subject = 'New order'

  constructor(
    private payload: {
      email: string
      currency: string
      paymentMethod: string
      shippingMethodName: string
      shippingAddress: AddressSnapshot
      notes: string | null
      order: OrderMailSummary
    }
  ) {
    super()
  }

  prepare() {
    const { email, currency, paymentMethod, shippingMethodName, shippingAddress, notes, order } =
      this.payload
    const money = (cents: number) => formatMoney(cents, currency)
    const address = [
      shippingAddress.fullName,
      shippingAddress.line1,
      shippingAddress.line2,
      [shippingAddress.postalCode, shippingAddress.city].filter(Boolean).join(' '),
      shippingAddress.state,
      shippingAddress.country,
      shippingAddress.phone,
    ].filter(Boolean) as string[]
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
