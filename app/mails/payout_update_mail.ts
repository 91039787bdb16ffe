import { BaseMail } from '@adonisjs/mail'
import { formatMoney } from '#mails/order_confirmation_mail'
import { composeNotice } from '#mails/order_notice'
import type { PayoutStatus } from '#enums/ledger'

/** What a payout mail shows the seller. */
export interface PayoutMailPayload {
  email: string
  shopName: string
  payoutId: string
  amountCents: number
  currency: string
  status: PayoutStatus
  reference: string | null
}

/**
 * Tells a seller that a payout of their shop's balance was made, was paid, or failed
 * (docs/api/payouts.md); queued through the outbox in the transaction of the change.
 */
export default class PayoutUpdateMail extends BaseMail {
  constructor(private payload: PayoutMailPayload) {
    super()
  }

  prepare() {
    const { email, shopName, payoutId, amountCents, currency, status, reference } = this.payload
    const amount = formatMoney(amountCents, currency)
    const notices: Record<PayoutStatus, { subject: string; paragraphs: string[] }> = {
      PENDING: {
        subject: `A payout of ${amount} is on its way to ${shopName}`,
        paragraphs: [
          `We made a payout of ${amount}, the available balance of ${shopName}.`,
          `Payout ${payoutId}. We will write again once it is paid.`,
        ],
      },
      PAID: {
        subject: `The payout of ${amount} to ${shopName} was paid`,
        paragraphs: [
          `The payout ${payoutId} of ${amount} to ${shopName} was paid.`,
          `Reference: ${reference ?? 'none'}.`,
        ],
      },
      FAILED: {
        subject: `The payout of ${amount} to ${shopName} failed`,
        paragraphs: [
          `The payout ${payoutId} of ${amount} to ${shopName} could not be paid.`,
          'The amount is back in your available balance and will be paid by a later payout.',
        ],
      },
    }
    composeNotice(this.message, email, notices[status])
  }
}
