import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { UserType, loginTypeOf } from '#enums/user_type'
import { ShopStatus } from '#enums/shop_status'
import type { AddressSnapshot } from '#models/order'
import {
  CannotManageSelf,
  InvalidCurrentPassword,
  NotAllowedToManage,
  UserNotFound,
} from '#exceptions/account_errors'
import {
  AccountAlreadyErased,
  AccountHasOpenBusiness,
  SuperAdminNotErasable,
} from '#exceptions/privacy_errors'
import { mayManageAccount } from '#policies/user_policy'
import { PasswordService } from '#services/accounts/password_service'
import { TokenService } from '#services/accounts/token_service'
import { OutboxService } from '#services/mail/outbox_service'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { recordSecurityEvent } from '#services/system/security_events'
import {
  ERASED,
  deleteMailTo,
  scrubEverywhere,
  searchedValues,
} from '#services/privacy/personal_data_scrub'
import { sqlTime } from '#support/sql_time'
import type { Actor } from '#support/actor'

/** Order statuses after which nothing more happens to an order. */
const FINAL_ORDER_STATUSES = ['DELIVERED', 'CANCELLED']
/** Return statuses after which nothing more happens to a return. */
const FINAL_RETURN_STATUSES = ['REJECTED', 'REFUNDED']

/**
 * How long the erasure notice may wait in the outbox. Its address is sealed in the row until it
 * is sent; a notice that could not be sent by then is set aside and its address erased with it.
 */
const NOTICE_DAYS = 7

/** Who asked for the erasure, as the notice tells it. */
type ErasedBy = 'owner' | 'administrator'

/** The address an erased account keeps: unique per account, never deliverable (RFC 2606). */
export function erasedAddressOf(userId: string): string {
  return `erased-${userId}@erased.invalid`
}

/**
 * Erasure of an account's personal data (GDPR right to erasure), by its owner or by an
 * administrator, in one transaction. The account row stays, under a placeholder address with an
 * unusable password, deactivated and marked erased, because orders, consents and the audit trail
 * point at it; what it held of the person is removed or overwritten everywhere, orders and ledger
 * keep their money, and every session ends. docs/api/privacy.md lists what happens to each table.
 */
@inject()
export class AccountErasureService {
  constructor(
    protected passwords: PasswordService,
    protected tokens: TokenService,
    protected outbox: OutboxService,
    protected audit: AuditTrail
  ) {}

  /** The signed-in account erases itself, after giving its password again. */
  async eraseOwn(actor: Actor, password: string): Promise<void> {
    const { user } = actor
    if (user.userType === UserType.SUPER_ADMIN) throw new SuperAdminNotErasable()
    await this.passwords.confirmCurrent(user, password)
    await db.transaction(async (trx) => {
      const target = await User.find(user.id, { client: trx })
      if (!target) throw new UserNotFound()
      await this.#erase(trx, target, 'owner', user.password)
    })
    recordSecurityEvent('account.erased', {
      actorId: user.id,
      targetId: user.id,
      clientAddress: actor.clientAddress,
    })
  }

  /**
   * An administrator erases an account from the console: never their own, never a Super Admin's,
   * and only an account they may manage (`mayManageAccount`). Recorded in the audit trail.
   */
  async eraseFor(actor: Actor, targetId: string): Promise<User> {
    const erased = await db.transaction(async (trx) => {
      const target = await User.find(targetId, { client: trx })
      if (!target) throw new UserNotFound()
      if (target.id === actor.user.id) throw new CannotManageSelf()
      if (target.userType === UserType.SUPER_ADMIN) throw new SuperAdminNotErasable()
      if (!mayManageAccount(actor.user, target)) throw new NotAllowedToManage()
      if (target.erasedAt) throw new AccountAlreadyErased()
      await this.#erase(trx, target, 'administrator')
      await this.audit.record(trx, {
        actor,
        action: 'user.erased',
        targetType: 'user',
        targetId: target.id,
        before: { erased: false },
        after: { erased: true },
      })
      return target
    })
    recordSecurityEvent('account.erased', {
      actorId: actor.user.id,
      targetId: erased.id,
      clientAddress: actor.clientAddress,
    })
    return erased
  }

  /**
   * The erasure itself. Its first write claims the account (a conditional update on `erased_at
   * is null`, and on the password just checked when the owner erases), so of concurrent erasures
   * exactly one goes on; PostgreSQL holds the others on the row lock until it commits, SQLite runs
   * one writer at a time. A refusal after the claim rolls everything back.
   */
  async #erase(
    trx: TransactionClientContract,
    target: User,
    by: ErasedBy,
    checkedPassword?: string
  ) {
    const email = target.email
    const now = DateTime.now()
    const claim = trx.from('users').where('id', target.id).whereNull('erased_at')
    if (checkedPassword !== undefined) claim.where('password', checkedPassword)
    const claimed = await claim.update({
      email: erasedAddressOf(target.id),
      password: await hash.make(randomBytes(32).toString('base64url')),
      is_active: false,
      awaiting_approval: false,
      erased_at: sqlTime(now),
      updated_at: sqlTime(now),
    })
    if (Number(claimed) !== 1) {
      const current = await User.find(target.id, { client: trx })
      if (current?.erasedAt) throw new AccountAlreadyErased()
      throw new InvalidCurrentPassword()
    }

    await this.#assertNoOpenBusiness(trx, target.id)
    const values = searchedValues([email, ...(await this.#personalValues(trx, target.id))])

    await this.#removeOwnRows(trx, target)
    await this.#redactKeptRows(trx, target.id, now)
    await deleteMailTo(trx, email)
    await scrubEverywhere(trx, values)
    await this.tokens.revokeAll(target, trx)

    // The notice's address is sealed like a one-time code: never in clear in the table, and gone
    // with the secret once the mail is sent (or set aside unsent after NOTICE_DAYS).
    await this.outbox.enqueue(
      trx,
      'account_erased',
      { accountType: loginTypeOf(target.userType), by, erasedAt: now.toUTC().toISO() },
      { fields: { email }, expiresAt: now.plus({ days: NOTICE_DAYS }) }
    )
  }

  /**
   * Refuses while the account has business in progress: an order of its own or of its shops not
   * yet delivered or cancelled, a return not yet settled, or a shop whose ledger does not sum to
   * zero (money still owed either way). Erasing then would take away the address a parcel is
   * going to, or the account a payout or refund is owed to.
   */
  async #assertNoOpenBusiness(trx: TransactionClientContract, userId: string) {
    const shops = trx.from('shops').where('seller_id', userId).select('id')
    const openOrder = await trx
      .from('orders')
      .where((either) => either.where('user_id', userId).orWhereIn('shop_id', shops))
      .whereNotIn('status', FINAL_ORDER_STATUSES)
      .select('id')
      .first()
    const openReturn = await trx
      .from('returns')
      .where((either) => either.where('user_id', userId).orWhereIn('shop_id', shops))
      .whereNotIn('status', FINAL_RETURN_STATUSES)
      .select('id')
      .first()
    const unsettled = await trx
      .from('ledger_entries')
      .whereIn('shop_id', shops)
      .groupBy('shop_id')
      .havingRaw('sum(amount_cents) <> 0')
      .select('shop_id')
      .first()
    if (openOrder || openReturn || unsettled) throw new AccountHasOpenBusiness()
  }

  /**
   * The person's values other rows may have copied: the names, phones and address lines of the
   * saved addresses and of the orders' address snapshots, the orders' notes and the returns'
   * reasons (both the customer's own words).
   */
  async #personalValues(trx: TransactionClientContract, userId: string): Promise<string[]> {
    const values: Array<string | null> = []
    const addresses = await trx
      .from('shipping_addresses')
      .where('user_id', userId)
      .select('full_name', 'phone', 'line1', 'line2')
    for (const address of addresses) {
      values.push(address.full_name, address.phone, address.line1, address.line2)
    }
    const orders = await trx
      .from('orders')
      .where('user_id', userId)
      .select('shipping_address', 'notes')
    for (const order of orders) {
      const snapshot: AddressSnapshot =
        typeof order.shipping_address === 'string'
          ? JSON.parse(order.shipping_address)
          : order.shipping_address
      values.push(snapshot.fullName, snapshot.phone, snapshot.line1, snapshot.line2, order.notes)
    }
    const returns = await trx.from('returns').where('user_id', userId).select('reason')
    for (const row of returns) values.push(row.reason)
    return values.filter((value): value is string => typeof value === 'string')
  }

  /** Rows that are the person's alone and serve no record: deleted. */
  async #removeOwnRows(trx: TransactionClientContract, target: User) {
    for (const table of [
      'shipping_addresses',
      'cart_items',
      'one_time_codes',
      'idempotency_keys',
      'admin_totp_authenticators',
      'admin_recovery_codes',
      'admin_passkeys',
      'sessions',
    ]) {
      await trx.from(table).where('user_id', target.id).delete()
    }
  }

  /**
   * Rows kept as records, their personal fields overwritten: orders (address and notes; the
   * country and region stay, as the tax charged depends on them), returns (the customer's
   * reason), consents (policy, version and time stay; the address and browser go), API keys
   * (revoked: they act with the account's rights) and shops (suspended, so their products leave
   * the catalog, and unlinked from the seller's Stripe account).
   */
  async #redactKeptRows(trx: TransactionClientContract, userId: string, now: DateTime) {
    const orders = await trx
      .from('orders')
      .where('user_id', userId)
      .select('id', 'shipping_address')
    for (const order of orders) {
      const snapshot: AddressSnapshot =
        typeof order.shipping_address === 'string'
          ? JSON.parse(order.shipping_address)
          : order.shipping_address
      const redacted: AddressSnapshot = {
        fullName: ERASED,
        phone: ERASED,
        line1: ERASED,
        line2: null,
        city: ERASED,
        state: snapshot.state,
        postalCode: null,
        country: snapshot.country,
      }
      await trx
        .from('orders')
        .where('id', order.id)
        .update({ shipping_address: JSON.stringify(redacted), notes: null })
    }
    await trx.from('returns').where('user_id', userId).update({ reason: ERASED })
    await trx
      .from('legal_policy_consents')
      .where('user_id', userId)
      .update({ ip_address: ERASED, user_agent: null })
    await trx
      .from('api_keys')
      .where('created_by', userId)
      .whereNull('revoked_at')
      .update({ revoked_at: sqlTime(now), updated_at: sqlTime(now) })
    await trx
      .from('shops')
      .where('seller_id', userId)
      .update({ status: ShopStatus.SUSPENDED, stripe_account_id: null, updated_at: sqlTime(now) })
  }
}
