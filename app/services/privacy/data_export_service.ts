import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { CannotManageSelf, NotAllowedToManage, UserNotFound } from '#exceptions/account_errors'
import { mayManageAccount } from '#policies/user_policy'
import { AuditTrail } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'
import {
  COLUMNS,
  exportRow,
  groupBy,
  readRows,
  type ExportRow,
} from '#services/privacy/personal_data_rows'

/** Names the document's format, so a reader can tell one from an unrelated JSON file. */
export const EXPORT_FORMAT = 'commerce-backend/personal-data-export'
/** Raised when a section is added, renamed or changes shape. */
export const EXPORT_VERSION = 1

/** Everything held about one account (docs/api/privacy.md, "Export", field by field). */
export interface PersonalDataExport {
  format: typeof EXPORT_FORMAT
  version: typeof EXPORT_VERSION
  exportedAt: string
  account: ExportRow
  addresses: ExportRow[]
  cart: ExportRow[]
  checkouts: ExportRow[]
  orders: ExportRow[]
  payments: ExportRow[]
  consents: ExportRow[]
  administrativeActions: ExportRow[]
  apiKeys: ExportRow[]
  webhookEndpoints: ExportRow[]
  shops: ExportRow[]
  secondFactors: {
    authenticatorApp: ExportRow | null
    recoveryCodes: ExportRow[]
    passkeys: ExportRow[]
  }
  sessions: { refreshTokens: ExportRow[]; consoleSessions: ExportRow[] }
  oneTimeCodes: ExportRow[]
  idempotencyKeys: ExportRow[]
}

/**
 * Data exports (GDPR access requests): the account's own, and an administrator's export of an
 * account from the console, recorded in the audit trail. Every read of one export runs in one
 * transaction, so the document is one consistent picture of the account.
 */
@inject()
export class DataExportService {
  constructor(protected audit: AuditTrail) {}

  /** The signed-in account's own data. */
  async exportOwn({ user }: Actor): Promise<PersonalDataExport> {
    return db.transaction((trx) => this.#document(trx, user.id))
  }

  /**
   * An account's data for an administrator answering a data-subject request, recorded in the
   * audit trail with the export's transaction: an account the administrator may manage
   * (`mayManageAccount`), never their own (that one is `exportOwn`, through the API).
   */
  async exportFor(actor: Actor, targetId: string): Promise<PersonalDataExport> {
    return db.transaction(async (trx) => {
      const target = await User.find(targetId, { client: trx })
      if (!target) throw new UserNotFound()
      if (target.id === actor.user.id) throw new CannotManageSelf()
      if (!mayManageAccount(actor.user, target)) throw new NotAllowedToManage()
      const document = await this.#document(trx, target.id)
      await this.audit.record(trx, {
        actor,
        action: 'user.exported',
        targetType: 'user',
        targetId: target.id,
        before: null,
        after: { format: EXPORT_FORMAT, version: EXPORT_VERSION },
      })
      return document
    })
  }

  async #document(trx: QueryClientContract, userId: string): Promise<PersonalDataExport> {
    const account = await trx
      .from('users')
      .where('id', userId)
      .select(...COLUMNS.account)
      .first()
    if (!account) throw new UserNotFound()
    const own = (column: string) => (query: ReturnType<QueryClientContract['from']>) => {
      query.where(column, userId)
    }

    const orders = await this.#orders(trx, userId)
    const shops = await readRows(trx, 'shops', COLUMNS.shop, own('seller_id'))
    const products = await readRows(trx, 'products', COLUMNS.product, (query) => {
      query.whereIn(
        'shop_id',
        shops.map((shop) => shop.id as string)
      )
    })
    const variants = await readRows(trx, 'product_variants', COLUMNS.variant, (query) => {
      query.whereIn(
        'product_id',
        products.map((product) => product.id as string)
      )
    })
    const variantsOf = groupBy(variants, 'productId')
    const productsOf = groupBy(
      products.map((product) => ({
        ...product,
        variants: variantsOf.get(product.id as string) ?? [],
      })),
      'shopId'
    )
    const [authenticatorApp] = await readRows(
      trx,
      'admin_totp_authenticators',
      COLUMNS.authenticatorApp,
      own('user_id')
    )
    const consoleSessions = await trx
      .from('sessions')
      .where('user_id', userId)
      .select(...COLUMNS.consoleSession)
      .orderBy('expires_at', 'asc')

    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: DateTime.now().toUTC().toISO()!,
      account: exportRow(account, COLUMNS.account),
      addresses: await readRows(trx, 'shipping_addresses', COLUMNS.address, own('user_id')),
      cart: await readRows(trx, 'cart_items', COLUMNS.cartItem, own('user_id')),
      checkouts: await readRows(trx, 'checkouts', COLUMNS.checkout, own('user_id')),
      orders,
      payments: await readRows(trx, 'payments', COLUMNS.payment, own('user_id')),
      consents: await readRows(
        trx,
        'legal_policy_consents',
        COLUMNS.consent,
        own('user_id'),
        'consented_at'
      ),
      administrativeActions: await this.#administrativeActions(trx, userId),
      apiKeys: await readRows(trx, 'api_keys', COLUMNS.apiKey, own('created_by')),
      webhookEndpoints: await readRows(
        trx,
        'webhook_endpoints',
        COLUMNS.webhookEndpoint,
        own('created_by')
      ),
      shops: shops.map((shop) => ({ ...shop, products: productsOf.get(shop.id as string) ?? [] })),
      secondFactors: {
        authenticatorApp: authenticatorApp ?? null,
        recoveryCodes: await readRows(
          trx,
          'admin_recovery_codes',
          COLUMNS.recoveryCode,
          own('user_id')
        ),
        passkeys: await readRows(trx, 'admin_passkeys', COLUMNS.passkey, own('user_id')),
      },
      sessions: {
        refreshTokens: await readRows(trx, 'refresh_tokens', COLUMNS.refreshToken, own('user_id')),
        consoleSessions: consoleSessions.map((row: Record<string, unknown>) =>
          exportRow(row, COLUMNS.consoleSession)
        ),
      },
      oneTimeCodes: await readRows(trx, 'one_time_codes', COLUMNS.oneTimeCode, own('user_id')),
      idempotencyKeys: await readRows(
        trx,
        'idempotency_keys',
        COLUMNS.idempotencyKey,
        own('user_id')
      ),
    }
  }

  /** The account's orders, each with its lines, status history, shipment, refunds and returns. */
  async #orders(trx: QueryClientContract, userId: string): Promise<ExportRow[]> {
    const rows = await trx
      .from('orders')
      .where('user_id', userId)
      .select(...COLUMNS.order, ...COLUMNS.shipment)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
    const ids = rows.map((row: { id: string }) => row.id)
    const ofOrders = (query: ReturnType<QueryClientContract['from']>) => {
      query.whereIn('order_id', ids)
    }
    const items = groupBy(
      await readRows(trx, 'order_items', COLUMNS.orderItem, ofOrders, 'position'),
      'orderId'
    )
    const history = groupBy(
      await readRows(trx, 'order_status_history', COLUMNS.statusChange, ofOrders, 'sequence'),
      'orderId'
    )
    const refunds = groupBy(
      await readRows(trx, 'refunds', COLUMNS.refund, ofOrders, 'position'),
      'orderId'
    )
    const returnRows = await readRows(trx, 'returns', COLUMNS.return, ofOrders)
    const returnItems = groupBy(
      await readRows(
        trx,
        'return_items',
        COLUMNS.returnItem,
        (query) => {
          query.whereIn(
            'return_id',
            returnRows.map((row) => row.id as string)
          )
        },
        'position'
      ),
      'returnId'
    )
    const returns = groupBy(
      returnRows.map((row) => ({ ...row, items: returnItems.get(row.id as string) ?? [] })),
      'orderId'
    )

    return rows.map((row: Record<string, unknown>) => {
      const order = exportRow(row, COLUMNS.order)
      const shipment = exportRow(row, COLUMNS.shipment)
      const id = order.id as string
      return {
        ...order,
        items: items.get(id) ?? [],
        statusHistory: history.get(id) ?? [],
        shipment:
          shipment.shipmentCarrier === null && shipment.shippedAt === null
            ? null
            : {
                carrier: shipment.shipmentCarrier,
                trackingNumber: shipment.shipmentTrackingNumber,
                trackingUrl: shipment.shipmentTrackingUrl,
                shippedAt: shipment.shippedAt,
              },
        refunds: refunds.get(id) ?? [],
        returns: returns.get(id) ?? [],
      }
    })
  }

  /**
   * Audit-trail entries made by the account (as an administrator) or about it. Of an entry another
   * administrator made, the export shows that it was not this account, never who it was nor the
   * address they acted from: that is the other person's data.
   */
  async #administrativeActions(trx: QueryClientContract, userId: string): Promise<ExportRow[]> {
    const rows = await readRows(trx, 'admin_actions', COLUMNS.adminAction, (query) => {
      query.where((either) =>
        either
          .where('actor_id', userId)
          .orWhere((about) => about.where('target_type', 'user').where('target_id', userId))
      )
    })
    return rows.map(({ actorId, clientAddress, ...entry }) => {
      const byThisAccount = actorId === userId
      return { ...entry, byThisAccount, clientAddress: byThisAccount ? clientAddress : null }
    })
  }
}
