/*
| The ledger's store (docs/api/ledger.md): entries can only be added, each cause writes its
| entry once, every entry carries its type's sign, and the balance splits the sum into what is
| available and what is still pending, on both databases.
*/
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import LedgerEntry from '#models/ledger_entry'
import OrderStatusHistory from '#models/order_status_history'
import { LedgerService } from '#services/ledger/ledger_service'
import { eachInTransaction } from '#tests/helpers/transactions'
import { placedCheckout } from '#tests/functional/orders/support'

const ledger = new LedgerService()

/** Runs `write` in a savepoint of its own, so a refused statement leaves the test's transaction usable. */
function inSavepoint(write: (trx: TransactionClientContract) => unknown) {
  return db.transaction(async (trx) => {
    await write(trx)
  })
}

/** Records that `orderId` was delivered at `at`, as the order's history does. */
async function deliveredAt(orderId: string, at: DateTime) {
  await OrderStatusHistory.create({
    orderId,
    sequence: 100,
    field: 'STATUS',
    fromValue: 'SHIPPED',
    toValue: 'DELIVERED',
    actorId: null,
    actorType: 'SYSTEM',
    createdAt: at,
  })
  await db.from('orders').where('id', orderId).update({ status: 'DELIVERED' })
}

test.group('Ledger store', (group) => {
  eachInTransaction(group)

  test('entries are appended and never updated or deleted', async ({ assert }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const [order] = orders
    await inSavepoint((trx) =>
      ledger.append(trx, [
        { shopId: order.shopId, type: 'ORDER_EARNING', amountCents: 900, orderId: order.id },
        { shopId: order.shopId, type: 'ADJUSTMENT', amountCents: 0, reason: 'nothing' },
      ])
    )
    const entries = await LedgerEntry.query().where('shop_id', order.shopId)
    assert.deepEqual(
      entries.map((entry) => [entry.type, entry.amountCents]),
      [['ORDER_EARNING', 900]],
      'an entry of zero cents is not written'
    )

    await assert.rejects(
      () =>
        inSavepoint((trx) =>
          trx.from('ledger_entries').where('id', entries[0].id).update({ amount_cents: 1 })
        ),
      /append-only/
    )
    await assert.rejects(
      () => inSavepoint((trx) => trx.from('ledger_entries').where('id', entries[0].id).delete()),
      /append-only/
    )
    const [row] = await db.from('ledger_entries').where('id', entries[0].id)
    assert.equal(Number(row.amount_cents), 900)
  })

  test('each cause writes its entry once, with its type sign', async ({ assert }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const [order] = orders
    const earning = { shopId: order.shopId, type: 'ORDER_EARNING' as const, orderId: order.id }
    await inSavepoint((trx) => ledger.append(trx, [{ ...earning, amountCents: 500 }]))
    await assert.rejects(() =>
      inSavepoint((trx) => ledger.append(trx, [{ ...earning, amountCents: 500 }]))
    )
    await assert.rejects(() =>
      inSavepoint((trx) =>
        ledger.append(trx, [{ shopId: order.shopId, type: 'PAYOUT', amountCents: 100 }])
      )
    )
    await assert.rejects(() =>
      inSavepoint((trx) =>
        ledger.append(trx, [
          { shopId: order.shopId, type: 'REFUND', amountCents: 100, orderId: order.id },
        ])
      )
    )
    assert.lengthOf(await LedgerEntry.query().where('shop_id', order.shopId), 1)
  })

  test('earnings are pending until their order was delivered the hold period ago', async ({
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const [first, second] = orders
    const shopId = first.shopId
    await inSavepoint((trx) =>
      ledger.append(trx, [
        { shopId, type: 'ORDER_EARNING', amountCents: 10_000, orderId: first.id },
        { shopId, type: 'ADJUSTMENT', amountCents: -2_500, reason: 'a correction' },
      ])
    )
    const now = DateTime.utc().startOf('second')
    assert.deepEqual(await ledger.balance(shopId, { now }), { available: -2_500, pending: 10_000 })

    await deliveredAt(first.id, now.minus({ days: 7 }).plus({ seconds: 1 }))
    assert.deepEqual(await ledger.balance(shopId, { now }), { available: -2_500, pending: 10_000 })
    assert.deepEqual(await ledger.balance(shopId, { now: now.plus({ seconds: 1 }) }), {
      available: 7_500,
      pending: 0,
    })
    assert.deepEqual(await ledger.balance(second.shopId, { now }), { available: 0, pending: 0 })
  })

  test("a cancelled order's earning counts at once, so it nets with its refund", async ({
    assert,
  }) => {
    const { orders } = await placedCheckout('BANK_TRANSFER')
    const [order] = orders
    await inSavepoint((trx) =>
      ledger.append(trx, [
        { shopId: order.shopId, type: 'ORDER_EARNING', amountCents: 4_000, orderId: order.id },
      ])
    )
    await db.from('orders').where('id', order.id).update({ status: 'CANCELLED' })
    assert.deepEqual(await ledger.balance(order.shopId), { available: 4_000, pending: 0 })
  })
})
