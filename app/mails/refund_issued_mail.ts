import { BaseMail } from '@adonisjs/mail'
import { formatMoney } from '#mails/order_confirmation_mail'
import { composeNotice } from '#mails/order_notice'

/** What the "refund issued" mail shows: whom, how much, for which order. */
export interface RefundMailPayload {
  email: string
  orderNumber: string
  amountCents: number
  currency: string
}

/** Sent once a refund of an order succeeded (docs/api/payments.md, "Refunds"). */
export default class RefundIssuedMail extends BaseMail {
  constructor(private payload: RefundMailPayload) {
    super()
  }

  prepare() {
    const { email, orderNumber, amountCents, currency } = this.payload
    const amount = formatMoney(amountCents, currency)
    composeNotice(this.message, email, {
      subject: `Refund issued for order ${orderNumber}`,
      paragraphs: [
        `We issued a refund of ${amount} for your order ${orderNumber}.`,
        'It goes back to the way you paid; your bank may take a few days to show it.',
      ],
    })
  }
}
