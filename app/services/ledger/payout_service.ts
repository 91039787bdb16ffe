import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Payout from '#models/payout'
import Shop from '#models/shop'
import User from '#models/user'
import type { PayoutSkipReason, PayoutStatus } from '#enums/ledger'
import {
  PayoutNotFound,
  PayoutNotPending,
  PayoutSettledByProvider,
} from '#exceptions/payout_errors'
import { ShopNotFound } from '#exceptions/catalog_errors'
import { LedgerService } from '#services/ledger/ledger_service'
import { OutboxService } from '#services/mail/outbox_service'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { payoutEvent } from '#services/integrations/webhook_events'
import marketplaceConfig from '#config/marketplace'
import storeConfig from '#config/store'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import type { Actor } from '#support/actor'
import { sqlTime } from '#support/sql_time'

/** What one payout run did: the payouts made, and the shops with money it could not pay. */
export interface PayoutRun {
  payouts: Payout[]
  skipped: Array<{ shopId: string; shopName: string; available: number; reason: PayoutSkipReason }>
}

/** The filters of the admins' list. */
export interface PayoutFilters {
  status?: PayoutStatus
  shopId?: string
}

/**
 * Payouts of the sellers' balances (docs/api/payouts.md). A run pays each shop whose available
 * balance is at least PAYOUT_MINIMUM exactly that balance: in one transaction per shop that
 * locks the shop's row before it reads the balance, writes the payout with its PAYOUT entry and
 * queues the seller's mail and the `payout.created` event. Two runs at once (two instances)
 * therefore read one after the other, and the second finds the first's entry: each shop is paid
 * once. A negative balance makes no payout and carries over. A PENDING payout is then marked
 * PAID with the bank's reference, or FAILED, which gives the amount back with a PAYOUT_REVERSAL
 * entry; each by a conditional update, so only one of any number of concurrent marks wins.
 */
@inject()
export class PayoutService {
  constructor(
    protected ledger: LedgerService,
    protected outbox: OutboxService,
    protected audit: AuditTrail
  ) {}

  /** One payout run: by an administrator, or by `node ace payouts:run` (no actor). */
  async run(actor: Actor | null): Promise<PayoutRun> {
    const result: PayoutRun = { payouts: [], skipped: [] }
    const shopIds = await db.from('ledger_entries').distinct('shop_id').orderBy('shop_id')
    for (const { shop_id: shopId } of shopIds as Array<{ shop_id: string }>) {
      const outcome = await db.transaction((trx) => this.#payShop(trx, actor, shopId))
      if (outcome && 'payout' in outcome) result.payouts.push(outcome.payout)
      else if (outcome) result.skipped.push(outcome)
    }
    return result
  }

  /** The admins' list, newest first. */
  async list(filters: PayoutFilters, page: PageRequest): Promise<PageResult<Payout>> {
    const query = Payout.query()
    if (filters.status) query.where('status', filters.status)
    if (filters.shopId) query.where('shop_id', filters.shopId)
    return pageOf(query, page, (slice) => slice.orderBy('created_at', 'desc').orderBy('id'))
  }

  /** The payouts of the seller's own shops, newest first. */
  async listForSeller(actor: Actor, page: PageRequest): Promise<PageResult<Payout>> {
    const query = Payout.query().whereIn(
      'shop_id',
      db.from('shops').where('seller_id', actor.user.id).select('id')
    )
    return pageOf(query, page, (slice) => slice.orderBy('created_at', 'desc').orderBy('id'))
  }

  /**
   * Every PENDING manual payout, oldest first: what the bank is asked to pay (the console's
   * CSV). A Stripe payout is paid by its transfer, never through the bank.
   */
  async pending(): Promise<Array<{ payout: Payout; shopName: string }>> {
    const payouts = await Payout.query()
      .where('status', 'PENDING')
      .where('provider', 'manual')
      .orderBy('created_at', 'asc')
    const shops = await Shop.query().whereIn(
      'id',
      payouts.map((payout) => payout.shopId)
    )
    const names = new Map(shops.map((shop) => [shop.id, shop.name]))
    return payouts.map((payout) => ({ payout, shopName: names.get(payout.shopId) ?? '' }))
  }

  /** Marks a PENDING payout paid with the bank's (or the provider's) reference. */
  async markPaid(actor: Actor | null, payoutId: string, reference: string): Promise<Payout> {
    return db.transaction(async (trx) => {
      const now = DateTime.now()
      const payout = await this.#settle(
        trx,
        payoutId,
        'PAID',
        {
          reference,
          paid_at: sqlTime(now, trx),
        },
        actor !== null
      )
      await this.#announce(trx, payout, 'PAID')
      if (actor) await this.#audit(trx, actor, payout, 'payout.paid', { reference })
      return payout
    })
  }

  /** Marks a PENDING payout failed: its amount goes back to the shop's balance. */
  async markFailed(actor: Actor | null, payoutId: string, reason: string): Promise<Payout> {
    return db.transaction(async (trx) => {
      const payout = await this.#settle(
        trx,
        payoutId,
        'FAILED',
        { failure_reason: reason },
        actor !== null
      )
      await this.ledger.append(trx, [
        {
          shopId: payout.shopId,
          type: 'PAYOUT_REVERSAL',
          amountCents: payout.amountCents,
          payoutId: payout.id,
          reason,
          createdBy: actor?.user.id ?? null,
        },
      ])
      await this.#announce(trx, payout, 'FAILED')
      if (actor) await this.#audit(trx, actor, payout, 'payout.failed', { reason })
      return payout
    })
  }

  /** Whether a payout is still PENDING (its transfer is then still to be sent). */
  async isPending(payoutId: string): Promise<boolean> {
    const payout = await Payout.find(payoutId)
    return payout?.status === 'PENDING'
  }

  /** The transfer of a `stripe` payout succeeded: PAID, its reference the transfer's id. */
  async settleTransfer(payoutId: string, transferId: string) {
    try {
      await this.markPaid(null, payoutId, transferId)
    } catch (error) {
      // Settled by an admin meanwhile: the transfer's id is in the outbox's log only.
      if (!(error instanceof PayoutNotPending)) throw error
    }
  }

  /** The outbox gave up on a payout's transfer: FAILED, its amount back in the balance. */
  async failTransfer(payoutId: string) {
    try {
      await this.markFailed(null, payoutId, 'The Stripe transfer failed after every retry')
    } catch (error) {
      if (!(error instanceof PayoutNotPending)) throw error
    }
  }

  /** A shop's Stripe Connect account for `stripe` payouts, or null to clear it; audited. */
  async setStripeAccount(actor: Actor, shopId: string, accountId: string | null): Promise<Shop> {
    return db.transaction(async (trx) => {
      const shop = await Shop.query({ client: trx }).where('id', shopId).forUpdate().first()
      if (!shop) throw new ShopNotFound()
      const before = shop.stripeAccountId
      if (before === accountId) return shop
      shop.stripeAccountId = accountId
      await shop.useTransaction(trx).save()
      await this.audit.record(trx, {
        actor,
        action: 'shop.stripe_account_changed',
        targetType: 'shop',
        targetId: shop.id,
        before: { stripeAccountId: before },
        after: { stripeAccountId: accountId },
      })
      return shop
    })
  }

  async #payShop(trx: TransactionClientContract, actor: Actor | null, shopId: string) {
    const locked = Shop.query({ client: trx }).where('id', shopId)
    if (trx.dialect.name === 'postgres') locked.forUpdate()
    const shop = await locked.firstOrFail()
    const { available } = await this.ledger.balance(shop.id, { client: trx })
    if (available <= 0) return null
    const skip = (reason: PayoutSkipReason) => ({
      shopId: shop.id,
      shopName: shop.name,
      available,
      reason,
    })
    if (available < marketplaceConfig.payoutMinimumCents) return skip('BELOW_MINIMUM')
    const provider = marketplaceConfig.payoutProvider
    if (provider === 'stripe' && !shop.stripeAccountId) return skip('NO_STRIPE_ACCOUNT')
    const payout = await Payout.create(
      {
        shopId: shop.id,
        amountCents: available,
        currency: storeConfig.currency,
        status: 'PENDING',
        provider,
        reference: null,
        failureReason: null,
        createdBy: actor?.user.id ?? null,
        paidAt: null,
      },
      { client: trx }
    )
    await this.ledger.append(trx, [
      {
        shopId: shop.id,
        type: 'PAYOUT',
        amountCents: -available,
        payoutId: payout.id,
        createdBy: actor?.user.id ?? null,
      },
    ])
    if (provider === 'stripe') {
      await this.outbox.enqueue(trx, 'payout_transfer', {
        payoutId: payout.id,
        amount: payout.amountCents,
        currency: payout.currency,
        destination: shop.stripeAccountId,
      })
    }
    await this.#announce(trx, payout, 'PENDING', shop)
    return { payout }
  }

  /** Moves a PENDING payout to `to` by a conditional update; a second mover finds it moved. */
  async #settle(
    trx: TransactionClientContract,
    payoutId: string,
    to: 'PAID' | 'FAILED',
    columns: Record<string, unknown>,
    byHand: boolean
  ): Promise<Payout> {
    const existing = await Payout.find(payoutId, { client: trx })
    if (!existing) throw new PayoutNotFound()
    if (byHand && existing.provider !== 'manual') throw new PayoutSettledByProvider()
    const changed = await trx
      .from('payouts')
      .where('id', payoutId)
      .where('status', 'PENDING')
      .update({ status: to, updated_at: sqlTime(undefined, trx), ...columns })
    if (Number(changed) !== 1) throw new PayoutNotPending()
    return Payout.findOrFail(payoutId, { client: trx })
  }

  /** The seller's mail and the webhook event of a payout made, paid or failed, in `trx`. */
  async #announce(
    trx: TransactionClientContract,
    payout: Payout,
    status: PayoutStatus,
    shop?: Shop
  ) {
    const owner = shop ?? (await Shop.findOrFail(payout.shopId, { client: trx }))
    const seller = await User.find(owner.sellerId, { client: trx })
    if (seller) {
      await this.outbox.enqueue(trx, 'payout_update', {
        email: seller.email,
        shopName: owner.name,
        payoutId: payout.id,
        amountCents: payout.amountCents,
        currency: payout.currency,
        status,
        reference: payout.reference,
      })
    }
    const type = status === 'PENDING' ? 'payout.created' : status === 'PAID' ? 'payout.paid' : null
    if (type) {
      const now = DateTime.now()
      await this.outbox.enqueueAll(trx, [payoutEvent(type, payout, now)], now)
    }
  }

  async #audit(
    trx: TransactionClientContract,
    actor: Actor,
    payout: Payout,
    action: 'payout.paid' | 'payout.failed',
    after: Record<string, unknown>
  ) {
    await this.audit.record(trx, {
      actor,
      action,
      targetType: 'payout',
      targetId: payout.id,
      before: { status: 'PENDING' },
      after: { status: payout.status, ...after },
    })
  }
}
