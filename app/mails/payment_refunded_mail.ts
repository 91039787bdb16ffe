import { BaseMail } from '@adonisjs/mail'
import { formatMoney } from '#mails/order_confirmation_mail'
import { composeNotice } from '#mails/order_notice'
import type { PaymentMailPayload } from '#mails/payment_received_mail'

/**
 * Sent when a payment captured for orders no longer open is given back in full: the capture
 * arrived after the orders were cancelled (the payment had expired, or the customer cancelled).
 */
export default class PaymentRefundedMail extends BaseMail {
  constructor(private payload: PaymentMailPayload) {
    super()
  }

  prepare() {
    const { email, amountCents, currency, orderNumbers } = this.payload
    composeNotice(this.message, email, {
      subject: 'Your payment is being refunded',
      paragraphs: [
        `Your payment of ${formatMoney(amountCents, currency)} arrived after ` +
          `${orderNumbers.length === 1 ? 'the order' : 'the orders'} ${orderNumbers.join(', ')} ` +
          'had been cancelled. Nothing was kept: the full amount is being refunded to your card, ' +
          'and the orders stay cancelled.',
      ],
    })
  }
}
