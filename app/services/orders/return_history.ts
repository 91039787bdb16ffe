import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import OrderStatusHistory, { type OrderStateField } from '#models/order_status_history'
import OrderReturn from '#models/order_return'
import Order from '#models/order'
import type { OutboxService } from '#services/mail/outbox_service'
import type { ReturnUpdatePayload } from '#mails/return_update_mail'
import type { ReturnStatus } from '#enums/return_status'
import { sqlTime } from '#support/sql_time'

/** Who took a step: an account, or the service itself (null). */
export type StepActor = { id: string; userType: string } | null

/**
 * Appends an entry to the order's history, numbered after the last one. The caller changed the
 * order's row (or holds it locked) first, so no other writer is numbering.
 */
export async function appendHistory(
  trx: TransactionClientContract,
  orderId: string,
  actor: StepActor,
  field: OrderStateField,
  from: string | null,
  to: string
) {
  const [last] = await trx
    .from('order_status_history')
    .where('order_id', orderId)
    .max('sequence as sequence')
  await OrderStatusHistory.create(
    {
      orderId,
      sequence: Number(last?.sequence ?? 0) + 1,
      field,
      fromValue: from,
      toValue: to,
      actorId: actor?.id ?? null,
      actorType: (actor?.userType ?? 'SYSTEM') as OrderStatusHistory['actorType'],
    },
    { client: trx }
  )
}

/** The mail of a return's step, for the outbox: the return and its items read in `trx`. */
export async function returnMail(
  trx: TransactionClientContract,
  returnId: string,
  step: ReturnStatus
): Promise<{ kind: 'return_update'; payload: ReturnUpdatePayload & Record<string, unknown> }> {
  const found = await OrderReturn.query({ client: trx })
    .where('id', returnId)
    .preload('items', (items) => items.orderBy('position', 'asc'))
    .firstOrFail()
  const order = await Order.findOrFail(found.orderId, { client: trx })
  const customer = await trx.from('users').where('id', order.userId).select('email').first()
  return {
    kind: 'return_update',
    payload: {
      email: customer.email,
      orderNumber: order.orderNumber,
      shopName: order.shopName,
      returnId: found.id,
      step,
      items: found.items.map((item) => ({ name: item.name, quantity: item.quantity })),
      refundAmountCents: found.refundAmountCents,
      currency: order.currency,
      note: found.decisionNote,
      restocked: found.restocked,
    },
  }
}

/**
 * A refund of a received return succeeded at its provider (called by the refund service in the
 * transaction that records the success): the return becomes REFUNDED, in the order's history,
 * and the customer is mailed. A refund of no return changes nothing.
 */
export async function returnRefundSucceeded(
  trx: TransactionClientContract,
  outbox: OutboxService,
  refundId: string
) {
  const found = await trx
    .from('returns')
    .where('refund_id', refundId)
    .where('status', 'RECEIVED')
    .select('id', 'order_id')
    .first()
  if (!found) return
  // The order's row is locked before its history is numbered, as every other writer does.
  const lock = trx.from('orders').where('id', found.order_id).select('id')
  if (trx.dialect.name === 'postgres') lock.forUpdate()
  await lock
  const changed = await trx
    .from('returns')
    .where('id', found.id)
    .where('status', 'RECEIVED')
    .update({ status: 'REFUNDED', updated_at: sqlTime(undefined, trx) })
  if (Number(changed) !== 1) return
  await appendHistory(trx, found.order_id, null, 'RETURN', 'RECEIVED', 'REFUNDED')
  await outbox.enqueueAll(trx, [await returnMail(trx, found.id, 'REFUNDED')], DateTime.now())
}
