import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { instantOfRow } from '#support/sql_time'

/*
| The reads of a data export (docs/api/privacy.md): every row an account's data lives in, each
| table read with the columns it may show named one by one. A column is never read by `select *`,
| so a secret added to a table later (a hash, a sealed code) stays out of the export until someone
| decides to put it in. Rows are mapped to plain JSON values the same way for both databases.
*/

/** One exported row: camel-cased column names, JSON values. */
export type ExportRow = Record<string, unknown>

/** Columns holding JSON text (SQLite and PostgreSQL alike store them as text). */
const JSON_COLUMNS = new Set(['shipping_address', 'scopes', 'events', 'changes'])

/** Boolean columns, which SQLite returns as 0 or 1. */
const BOOLEAN_COLUMNS = new Set([
  'is_active',
  'awaiting_approval',
  'is_default',
  'enabled',
  'restocked',
])

/**
 * Integer columns PostgreSQL returns as text because they are `bigint` (amounts in cents, passkey
 * counters).
 */
const isBigInteger = (column: string) => column.endsWith('_cents') || column === 'sign_count'

const camel = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_match, next) => next.toUpperCase())

function valueOf(column: string, value: unknown): unknown {
  if (value === null || value === undefined) return null
  // The console's session store writes `sessions.expires_at` as a Date, which SQLite keeps as
  // milliseconds since the epoch.
  if (column.endsWith('_at') && typeof value === 'number') return new Date(value).toISOString()
  if (column.endsWith('_at')) return instantOfRow(value as Date | string)
  if (BOOLEAN_COLUMNS.has(column)) return Boolean(value)
  if (isBigInteger(column)) return Number(value)
  if (JSON_COLUMNS.has(column) && typeof value === 'string') return JSON.parse(value)
  return value
}

/** A database row as an export row: only `columns`, each under its camel-cased name. */
export function exportRow(row: Record<string, unknown>, columns: readonly string[]): ExportRow {
  const out: ExportRow = {}
  for (const column of columns) out[camel(column)] = valueOf(column, row[column])
  return out
}

/** The rows of `table` matching `where`, `columns` only, in `orderBy` order then by id. */
export async function readRows(
  client: QueryClientContract,
  table: string,
  columns: readonly string[],
  where: (query: ReturnType<QueryClientContract['from']>) => void,
  orderBy: string = 'created_at'
): Promise<ExportRow[]> {
  const query = client.from(table).select(...columns)
  where(query)
  const rows = await query.orderBy(orderBy, 'asc').orderBy('id', 'asc')
  return rows.map((row: Record<string, unknown>) => exportRow(row, columns))
}

/** Groups rows by the value of `key` (an id they point at), keeping their order. */
export function groupBy(rows: ExportRow[], key: string): Map<string, ExportRow[]> {
  const groups = new Map<string, ExportRow[]>()
  for (const row of rows) {
    const owner = String(row[key])
    const group = groups.get(owner) ?? []
    group.push(row)
    groups.set(owner, group)
  }
  return groups
}

/*
| The columns each section shows. Left out on purpose: `users.password`, `refresh_tokens.
| token_hash`, `one_time_codes.code_hash`, `admin_totp_authenticators.secret_encrypted`,
| `admin_recovery_codes.code_hash`, `admin_passkeys.credential_id` and `public_key`,
| `api_keys.token_hash`, `webhook_endpoints.secrets`, `payments.client_secret`, `sessions.id`
| (the console cookie's value) and `sessions.data`.
*/
export const COLUMNS = {
  account: [
    'id',
    'email',
    'user_type',
    'email_verified_at',
    'is_active',
    'awaiting_approval',
    'erased_at',
    'created_at',
    'updated_at',
  ],
  address: [
    'id',
    'full_name',
    'phone',
    'line1',
    'line2',
    'city',
    'state',
    'postal_code',
    'country',
    'is_default',
    'created_at',
    'updated_at',
  ],
  cartItem: ['id', 'product_id', 'variant_id', 'quantity', 'created_at', 'updated_at'],
  checkout: [
    'id',
    'coupon_code',
    'order_count',
    'sub_total_cents',
    'shipping_cost_cents',
    'tax_amount_cents',
    'discount_amount_cents',
    'total_cents',
    'currency',
    'created_at',
  ],
  order: [
    'id',
    'order_number',
    'checkout_id',
    'shop_id',
    'shop_name',
    'status',
    'payment_status',
    'payment_method',
    'shipping_method_name',
    'coupon_code',
    'currency',
    'sub_total_cents',
    'shipping_cost_cents',
    'tax_amount_cents',
    'discount_amount_cents',
    'total_cents',
    'paid_amount_cents',
    'refunded_amount_cents',
    'shipping_address',
    'notes',
    'created_at',
    'updated_at',
  ],
  shipment: ['shipment_carrier', 'shipment_tracking_number', 'shipment_tracking_url', 'shipped_at'],
  orderItem: [
    'id',
    'order_id',
    'position',
    'product_id',
    'variant_id',
    'option_values',
    'name',
    'sku',
    'unit_price_cents',
    'quantity',
    'line_total_cents',
    'returned_quantity',
    'created_at',
  ],
  statusChange: ['id', 'order_id', 'field', 'from_value', 'to_value', 'actor_type', 'created_at'],
  refund: [
    'id',
    'order_id',
    'payment_id',
    'amount_cents',
    'reason',
    'status',
    'provider',
    'created_at',
    'updated_at',
  ],
  return: [
    'id',
    'order_id',
    'shop_id',
    'status',
    'reason',
    'decision_note',
    'refund_amount_cents',
    'shipping_refund_cents',
    'restocked',
    'refund_id',
    'created_at',
    'updated_at',
  ],
  returnItem: [
    'id',
    'return_id',
    'position',
    'product_id',
    'name',
    'quantity',
    'refund_amount_cents',
  ],
  payment: [
    'id',
    'checkout_id',
    'provider',
    'method',
    'status',
    'amount_cents',
    'captured_amount_cents',
    'refunded_amount_cents',
    'currency',
    'provider_payment_id',
    'attempt',
    'expires_at',
    'created_at',
    'updated_at',
  ],
  consent: [
    'id',
    'policy_id',
    'policy_type',
    'policy_version',
    'consented_at',
    'ip_address',
    'user_agent',
  ],
  adminAction: [
    'id',
    'actor_id',
    'action',
    'target_type',
    'target_id',
    'changes',
    'client_address',
    'created_at',
  ],
  apiKey: [
    'id',
    'name',
    'prefix',
    'scopes',
    'last_used_at',
    'revoked_at',
    'created_at',
    'updated_at',
  ],
  webhookEndpoint: [
    'id',
    'url',
    'description',
    'events',
    'enabled',
    'disabled_reason',
    'created_at',
    'updated_at',
  ],
  shop: [
    'id',
    'name',
    'description',
    'status',
    'commission_rate',
    'stripe_account_id',
    'created_at',
    'updated_at',
  ],
  product: [
    'id',
    'shop_id',
    'name',
    'description',
    'options',
    'price_cents',
    'is_active',
    'taken_down_at',
    'takedown_reason',
    'deleted_at',
    'created_at',
    'updated_at',
  ],
  variant: [
    'id',
    'product_id',
    'sku',
    'option_values',
    'price_cents',
    'stock',
    'is_active',
    'position',
    'deleted_at',
    'created_at',
    'updated_at',
  ],
  authenticatorApp: ['id', 'created_at', 'updated_at'],
  recoveryCode: ['id', 'used_at', 'created_at'],
  passkey: ['id', 'name', 'transports', 'sign_count', 'last_used_at', 'created_at'],
  refreshToken: ['id', 'family_id', 'expires_at', 'rotated_at', 'revoked_at', 'created_at'],
  consoleSession: ['expires_at'],
  oneTimeCode: ['id', 'purpose', 'attempts', 'expires_at', 'consumed_at', 'created_at'],
  idempotencyKey: ['id', 'key', 'status', 'checkout_id', 'created_at', 'updated_at'],
} as const
