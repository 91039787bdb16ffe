import { BaseMail } from '@adonisjs/mail'
import { formatMoney } from '#mails/order_confirmation_mail'
import { composeNotice, type OrderNotice } from '#mails/order_notice'

/** The shipment as the "shipped" mail shows it. */
export interface ShipmentMailData {
  carrier: string | null
  trackingNumber: string | null
  trackingUrl: string | null
}

/** What the mails of an order's steps keep in the outbox. */
export interface OrderUpdatePayload {
  email: string
  orderNumber: string
  shopName: string
  step: 'SHIPPED' | 'DELIVERED' | 'CANCELLED'
  shipment?: ShipmentMailData | null
  /** What a cancellation gave back at once (a paid order), in cents; 0 when nothing. */
  refundedCents?: number
  currency: string
}

/** The notice of an order's step: shipped (with its tracking), delivered, cancelled. */
export function orderUpdateNotice(payload: OrderUpdatePayload): OrderNotice {
  const { orderNumber, shopName, step } = payload
  if (step === 'SHIPPED') {
    const shipment = payload.shipment ?? null
    const list = [
      ...(shipment?.carrier ? [`Carrier: ${shipment.carrier}`] : []),
      ...(shipment?.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
    ]
    return {
      subject: `Your order ${orderNumber} has shipped`,
      paragraphs: [`${shopName} shipped your order ${orderNumber}.`],
      list,
      link: shipment?.trackingUrl ? { label: 'Track it', url: shipment.trackingUrl } : null,
    }
  }
  if (step === 'DELIVERED') {
    return {
      subject: `Your order ${orderNumber} was delivered`,
      paragraphs: [
        `Your order ${orderNumber} from ${shopName} was delivered.`,
        'Something not right? You can ask to return it from your orders.',
      ],
    }
  }
  const refunded = payload.refundedCents ?? 0
  return {
    subject: `Your order ${orderNumber} was cancelled`,
    paragraphs: [
      `Your order ${orderNumber} from ${shopName} was cancelled.`,
      refunded > 0
        ? `What you paid for it, ${formatMoney(refunded, payload.currency)}, is being refunded.`
        : 'Nothing was charged for it.',
    ],
  }
}

/** Sent when an order ships, is delivered or is cancelled (by anyone). */
export default class OrderUpdateMail extends BaseMail {
  constructor(private payload: OrderUpdatePayload) {
    super()
  }

  prepare() {
    composeNotice(this.message, this.payload.email, orderUpdateNotice(this.payload))
  }
}
