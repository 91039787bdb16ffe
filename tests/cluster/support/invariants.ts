import type { Cluster } from './cluster.js'

/** A product sold during the run, with all the stock it ever had. */
export interface StockedProduct {
  id: string
  initialStock: number
}

/**
 * Every invariant of the store, checked in the shared database; returns what is broken (nothing
 * when all hold). Meant for the end of a run, once the outbox has drained.
 */
export async function brokenInvariants(
  cluster: Cluster,
  products: StockedProduct[],
  smtpMessages: number
): Promise<string[]> {
  const broken: string[] = []
  const count = async (sql: string, values: unknown[] = []) => {
    const row = await cluster.one<{ n: number }>(sql, values)
    return row.n
  }

  // Stock: what is left plus what was sold (in orders not cancelled) is what there was, for the
  // one variant of each product (which has the product's id).
  for (const product of products) {
    const row = await cluster.one(
      `select v.stock, coalesce(sum(i.quantity) filter (where o.status <> 'CANCELLED'), 0)::int as sold
       from product_variants v
       left join order_items i on i.variant_id = v.id
       left join orders o on o.id = i.order_id
       where v.id = $1 group by v.stock`,
      [product.id]
    )
    if (row.stock + row.sold !== product.initialStock || row.stock < 0) {
      broken.push(
        `product ${product.id}: stock ${row.stock} + sold ${row.sold} <> ${product.initialStock}`
      )
    }
  }

  // Coupons: each count is the number of placements using it (not wholly cancelled), within its limit.
  const coupons = await cluster.all(
    `select c.code, c.usage_count, c.usage_limit,
            (select count(*)::int from checkouts k
             where k.coupon_id = c.id and k.open_order_count > 0) as used
     from coupons c`
  )
  for (const coupon of coupons) {
    if (coupon.usage_count !== coupon.used) {
      broken.push(`coupon ${coupon.code}: usage_count ${coupon.usage_count} <> ${coupon.used} uses`)
    }
    if (coupon.usage_limit !== null && coupon.usage_count > coupon.usage_limit) {
      broken.push(
        `coupon ${coupon.code}: used ${coupon.usage_count} times, limit ${coupon.usage_limit}`
      )
    }
  }

  // Keys: one completed key per checkout, none still claimed.
  const keys = await cluster.one(
    `select count(*)::int as keys,
            count(distinct checkout_id)::int as checkouts,
            count(*) filter (where status <> 'COMPLETED')::int as open
     from idempotency_keys`
  )
  const checkouts = await count('select count(*)::int as n from checkouts')
  if (keys.open !== 0) broken.push(`${keys.open} idempotency keys still claimed`)
  if (keys.keys !== checkouts || keys.checkouts !== checkouts) {
    broken.push(`${keys.keys} keys for ${keys.checkouts} distinct of ${checkouts} checkouts`)
  }

  // Totals: every line is price × quantity, every order adds up, every checkout sums its orders.
  const badLines = await count(
    `select count(*)::int as n from order_items where line_total_cents <> unit_price_cents * quantity`
  )
  if (badLines) broken.push(`${badLines} order lines whose total is not price × quantity`)
  const badOrders = await count(
    `select count(*)::int as n from orders o
     where o.sub_total_cents <> (select sum(i.line_total_cents) from order_items i where i.order_id = o.id)
        or o.total_cents <> o.sub_total_cents + o.shipping_cost_cents + o.tax_amount_cents - o.discount_amount_cents
        or o.total_cents < 0`
  )
  if (badOrders) broken.push(`${badOrders} orders whose totals do not add up`)
  const badCheckouts = await count(
    `select count(*)::int as n from checkouts k
     where (k.sub_total_cents, k.shipping_cost_cents, k.tax_amount_cents, k.discount_amount_cents, k.total_cents)
       <> (select sum(o.sub_total_cents), sum(o.shipping_cost_cents), sum(o.tax_amount_cents),
                  sum(o.discount_amount_cents), sum(o.total_cents)
           from orders o where o.checkout_id = k.id)`
  )
  if (badCheckouts) broken.push(`${badCheckouts} checkouts that are not the sum of their orders`)

  // Mail: one message per mail, all sent, each once, none claimed.
  const confirmations = await count(
    `select count(*)::int as n from checkouts k
     where (select count(*) from outbox_messages m
            where m.kind = 'order_confirmation' and m.payload::jsonb ->> 'checkoutId' = k.id::text) <> 1`
  )
  if (confirmations) broken.push(`${confirmations} checkouts without exactly one confirmation`)
  const notices = await count(
    `select count(*)::int as n from orders o
     where (select count(*) from outbox_messages m
            where m.kind = 'new_order'
              and m.payload::jsonb -> 'order' ->> 'orderNumber' = o.order_number) <> 1`
  )
  if (notices) broken.push(`${notices} orders without exactly one notice to the seller`)
  const codes = await count(
    `select count(*)::int as n from users u
     where u.user_type in ('CUSTOMER', 'SELLER')
       and (select count(*) from outbox_messages m
            where m.kind = 'verification_code' and m.payload::jsonb ->> 'email' = u.email) <> 1`
  )
  if (codes) broken.push(`${codes} accounts without exactly one verification mail`)
  // Webhook events: one order.placed per order, in the outbox with the order's own transaction.
  const placedEvents = await count(
    `select count(*)::int as n from orders o
     where (select count(*) from outbox_messages m
            where m.kind = 'webhook_event'
              and m.payload::jsonb ->> 'type' = 'order.placed'
              and m.payload::jsonb ->> 'resource' = 'order:' || o.id::text) <> 1`
  )
  if (placedEvents) broken.push(`${placedEvents} orders without exactly one order.placed event`)
  // Payouts: each with exactly its own PAYOUT entry, for its amount.
  const payouts = await count(
    `select count(*)::int as n from payouts p
     where (select count(*) from ledger_entries e
            where e.payout_id = p.id and e.type = 'PAYOUT' and e.amount_cents = -p.amount_cents) <> 1`
  )
  if (payouts) broken.push(`${payouts} payouts without exactly one PAYOUT entry of their amount`)
  const outbox = await cluster.one(
    `select count(*) filter (where status = 'SENT' and kind <> 'webhook_event')::int as sent,
            count(*) filter (where status <> 'SENT')::int as unsent,
            count(*) filter (where locked_until is not null)::int as claimed
     from outbox_messages`
  )
  if (outbox.unsent) broken.push(`${outbox.unsent} outbox messages not sent`)
  if (outbox.claimed) broken.push(`${outbox.claimed} outbox messages left claimed`)
  if (smtpMessages !== outbox.sent) {
    broken.push(`the mail server received ${smtpMessages} messages for ${outbox.sent} sent`)
  }
  return broken
}
