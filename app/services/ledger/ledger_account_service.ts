import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import LedgerEntry from '#models/ledger_entry'
import Shop from '#models/shop'
import { ShopNotFound } from '#exceptions/catalog_errors'
import { LedgerService } from '#services/ledger/ledger_service'
import { AuditTrail } from '#services/admin/audit_trail_service'
import marketplaceConfig from '#config/marketplace'
import storeConfig from '#config/store'
import { COMMISSION_RATE } from '#support/percent'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { millisOfRow } from '#support/sql_time'
import { newestAppendedFirst } from '#queries/ledger_entries'
import type { Actor } from '#support/actor'

/** A balance as the routes show it, in integer cents. */
export interface BalanceView {
  available: number
  pending: number
  currency: string
}

/** An entry with the instant it counts toward `available` (null: not yet known). */
export interface LedgerEntryView {
  entry: LedgerEntry
  availableAt: DateTime | null
}

/** A shop's commission rate: its own, or the default (hundredths of a percent). */
export interface ShopCommission {
  shopId: string
  commissionRate: number
  isDefault: boolean
}

/** An administrator's adjustment: signed integer cents and why. */
export interface AdjustmentInput {
  amountCents: number
  reason: string
}

/** The default commission rate, in hundredths of a percent. */
export function defaultCommissionRate(): number {
  return Math.round(marketplaceConfig.defaultCommissionRate * COMMISSION_RATE.perPercent)
}

/**
 * The sellers' money as its owners and administrators see and correct it (docs/api/ledger.md):
 * balances and ledger pages of a shop (a seller only its own; another's is a 404), the shops'
 * commission rates and administrators' adjustments, each audited in its own transaction.
 */
@inject()
export class LedgerAccountService {
  constructor(
    protected ledger: LedgerService,
    protected audit: AuditTrail
  ) {}

  /** The balance of the seller's shop `shopId`, or of all the seller's shops added up. */
  async sellerBalance(actor: Actor, shopId?: string): Promise<BalanceView> {
    const shopIds = await this.#sellerShops(actor, shopId)
    const now = DateTime.now()
    const balances = await Promise.all(shopIds.map((id) => this.ledger.balance(id, { now })))
    return {
      available: balances.reduce((sum, balance) => sum + balance.available, 0),
      pending: balances.reduce((sum, balance) => sum + balance.pending, 0),
      currency: storeConfig.currency,
    }
  }

  /** The entries of the seller's shop `shopId`, or of all the seller's shops, newest first. */
  async sellerEntries(
    actor: Actor,
    shopId: string | undefined,
    page: PageRequest
  ): Promise<PageResult<LedgerEntryView>> {
    const shopIds = await this.#sellerShops(actor, shopId)
    return this.#entries(shopIds, page)
  }

  /** Any shop's balance (administrators). */
  async shopBalance(shopId: string): Promise<BalanceView> {
    await this.#shop(shopId)
    const balance = await this.ledger.balance(shopId)
    return { ...balance, currency: storeConfig.currency }
  }

  /** Any shop's entries, newest first (administrators). */
  async shopEntries(shopId: string, page: PageRequest): Promise<PageResult<LedgerEntryView>> {
    await this.#shop(shopId)
    return this.#entries([shopId], page)
  }

  /** A shop's commission rate in force. */
  async commissionOf(shopId: string): Promise<ShopCommission> {
    return commissionView(await this.#shop(shopId))
  }

  /**
   * Sets a shop's own commission rate (hundredths of a percent), or null to follow the default.
   * Orders already placed keep the rate frozen on them. Audited when it changed.
   */
  async setCommission(actor: Actor, shopId: string, rate: number | null): Promise<ShopCommission> {
    return db.transaction(async (trx) => {
      const shop = await Shop.query({ client: trx }).where('id', shopId).forUpdate().first()
      if (!shop) throw new ShopNotFound()
      const before = shop.commissionRate
      if (before === rate) return commissionView(shop)
      shop.commissionRate = rate
      await shop.useTransaction(trx).save()
      await this.audit.record(trx, {
        actor,
        action: 'shop.commission_changed',
        targetType: 'shop',
        targetId: shop.id,
        before: { commissionRate: before },
        after: { commissionRate: rate },
      })
      return commissionView(shop)
    })
  }

  /** An administrator's signed correction of a shop's balance, with its reason; audited. */
  async adjust(actor: Actor, shopId: string, input: AdjustmentInput): Promise<LedgerEntryView> {
    return db.transaction(async (trx) => {
      const shop = await Shop.query({ client: trx }).where('id', shopId).forUpdate().first()
      if (!shop) throw new ShopNotFound()
      const [entry] = await this.ledger.append(trx, [
        {
          shopId: shop.id,
          type: 'ADJUSTMENT',
          amountCents: input.amountCents,
          reason: input.reason,
          createdBy: actor.user.id,
        },
      ])
      await this.audit.record(trx, {
        actor,
        action: 'shop.ledger_adjusted',
        targetType: 'shop',
        targetId: shop.id,
        before: null,
        after: { entryId: entry.id, amountCents: input.amountCents, reason: input.reason },
      })
      return { entry, availableAt: entry.createdAt }
    })
  }

  async #shop(shopId: string, trx?: TransactionClientContract): Promise<Shop> {
    const shop = await Shop.query({ client: trx }).where('id', shopId).first()
    if (!shop) throw new ShopNotFound()
    return shop
  }

  /** The seller's shop ids: `shopId` alone when it is theirs (else a 404), or all of them. */
  async #sellerShops(actor: Actor, shopId?: string): Promise<string[]> {
    const query = Shop.query().where('seller_id', actor.user.id).select('id')
    if (shopId) query.where('id', shopId)
    const shops = await query
    if (shopId && shops.length === 0) throw new ShopNotFound()
    return shops.map((shop) => shop.id)
  }

  async #entries(shopIds: string[], page: PageRequest): Promise<PageResult<LedgerEntryView>> {
    const query = LedgerEntry.query().whereIn('shop_id', shopIds)
    const order = newestAppendedFirst(db.connection())
    const result = await pageOf(query, page, (slice) => slice.orderByRaw(order))
    const availability = await availabilityOf(result.items)
    return {
      total: result.total,
      items: result.items.map((entry) => ({ entry, availableAt: availability(entry) })),
    }
  }
}

function commissionView(shop: Shop): ShopCommission {
  return {
    shopId: shop.id,
    commissionRate: shop.commissionRate ?? defaultCommissionRate(),
    isDefault: shop.commissionRate === null,
  }
}

/**
 * When each entry counts toward `available`, by the balance's rule (`#queries/ledger_balance`):
 * an order's earning at its delivery plus the hold, or at once when the order was cancelled or
 * its cash collected; null while its order is not delivered. Every other entry at once.
 */
async function availabilityOf(entries: LedgerEntry[]) {
  const orderIds = entries
    .filter((entry) => entry.type === 'ORDER_EARNING' && entry.orderId)
    .map((entry) => entry.orderId!)
  const released = new Map<string, DateTime | 'now'>()
  if (orderIds.length > 0) {
    const [cancelled, cash, deliveries] = await Promise.all([
      db.from('orders').whereIn('id', orderIds).where('status', 'CANCELLED').select('id'),
      db
        .from('ledger_entries')
        .whereIn('order_id', orderIds)
        .where('type', 'CASH_COLLECTED')
        .select('order_id'),
      db
        .from('order_status_history')
        .whereIn('order_id', orderIds)
        .where('field', 'STATUS')
        .where('to_value', 'DELIVERED')
        .select('order_id', 'created_at'),
    ])
    for (const row of deliveries) {
      released.set(
        row.order_id,
        instantOf(row.created_at).plus({ days: marketplaceConfig.payoutHoldDays })
      )
    }
    for (const row of [...cancelled.map((r) => ({ order_id: r.id })), ...cash]) {
      released.set(row.order_id, 'now')
    }
  }
  return (entry: LedgerEntry): DateTime | null => {
    if (entry.type !== 'ORDER_EARNING' || !entry.orderId) return entry.createdAt
    const at = released.get(entry.orderId)
    if (at === undefined) return null
    if (at === 'now') return entry.createdAt
    return at < entry.createdAt ? entry.createdAt : at
  }
}

function instantOf(value: Date | string): DateTime {
  return DateTime.fromMillis(millisOfRow(value), { zone: 'utc' })
}
