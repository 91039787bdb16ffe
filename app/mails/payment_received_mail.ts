import { BaseMail } from '@adonisjs/mail'
import { formatMoney } from '#mails/order_confirmation_mail'
import { composeNotice } from '#mails/order_notice'

/** What the payment mails show: whom, how much, for which orders. */
export interface PaymentMailPayload {
  email: string
  checkoutId: string
  amountCents: number
  currency: string
  orderNumbers: string[]
}

/** Sent once a card payment is captured: the orders it paid are now paid. */
export default class PaymentReceivedMail extends BaseMail {
  constructor(private payload: PaymentMailPayload) {
    super()
  }

  prepare() {
    const { email, amountCents, currency, orderNumbers } = this.payload
    const orders = orderNumbers.join(', ')
    composeNotice(this.message, email, {
      subject:
        orderNumbers.length === 1
          ? `Payment received for order ${orders}`
          : `Payment received for your ${orderNumbers.length} orders`,
      paragraphs: [
        `We received your payment of ${formatMoney(amountCents, currency)}.`,
        `Paid: ${orders}. The shops will now prepare your orders.`,
      ],
    })
  }
}
