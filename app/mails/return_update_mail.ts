import { BaseMail } from '@adonisjs/mail'
import { formatMoney } from '#mails/order_confirmation_mail'
import { composeNotice, type OrderNotice } from '#mails/order_notice'
import type { ReturnStatus } from '#enums/return_status'

/** What the mails of a return's steps keep in the outbox. */
export interface ReturnUpdatePayload {
  email: string
  orderNumber: string
  shopName: string
  returnId: string
  step: ReturnStatus
  items: Array<{ name: string; quantity: number }>
  refundAmountCents: number
  currency: string
  /** The seller's note on a rejection. */
  note?: string | null
  restocked?: boolean | null
}

/** The notice of one step of a return: requested, approved, rejected, received, refunded. */
export function returnUpdateNotice(payload: ReturnUpdatePayload): OrderNotice {
  const { orderNumber, shopName, step } = payload
  const amount = formatMoney(payload.refundAmountCents, payload.currency)
  const list = payload.items.map((item) => `${item.quantity} x ${item.name}`)
  switch (step) {
    case 'REQUESTED':
      return {
        subject: `We received your return request for order ${orderNumber}`,
        paragraphs: [
          `You asked to return from order ${orderNumber}:`,
          `${shopName} will look at it and tell you. If approved, it refunds about ${amount}.`,
        ],
        list,
      }
    case 'APPROVED':
      return {
        subject: `Your return for order ${orderNumber} was approved`,
        paragraphs: [
          `${shopName} approved your return from order ${orderNumber}:`,
          `Please send these back. Once they arrive we refund ${amount}.`,
        ],
        list,
      }
    case 'REJECTED':
      return {
        subject: `Your return for order ${orderNumber} was rejected`,
        paragraphs: [
          `${shopName} rejected your return from order ${orderNumber}:`,
          ...(payload.note ? [`Their note: ${payload.note}`] : []),
          'Nothing is refunded for these items.',
        ],
        list,
      }
    case 'RECEIVED':
      return {
        subject: `Your return for order ${orderNumber} arrived`,
        paragraphs: [
          `${shopName} received what you sent back from order ${orderNumber}:`,
          `Your refund of ${amount} is on its way.`,
        ],
        list,
      }
    case 'REFUNDED':
      return {
        subject: `Your return for order ${orderNumber} was refunded`,
        paragraphs: [
          `${shopName} refunded your return from order ${orderNumber}:`,
          `Refunded: ${amount}. It goes back to the way you paid; your bank may take a few days to show it.`,
        ],
        list,
      }
  }
}

/** Sent at each step of a return (docs/api/returns.md). */
export default class ReturnUpdateMail extends BaseMail {
  constructor(private payload: ReturnUpdatePayload) {
    super()
  }

  prepare() {
    composeNotice(this.message, this.payload.email, returnUpdateNotice(this.payload))
  }
}
