import { arrayOf, envelopeOf, objectOf, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { instant, nullable } from '#openapi/json_schema'
import { eraseOwnAccountValidator } from '#validators/privacy'
import { FRAMEWORK_ERROR_DEFINITIONS as known } from '#exceptions/describe_error'
import { InvalidCurrentPassword } from '#exceptions/account_errors'
import {
  AccountAlreadyErased,
  AccountHasOpenBusiness,
  SuperAdminNotErasable,
} from '#exceptions/privacy_errors'
import { COLUMNS } from '#services/privacy/personal_data_rows'

/*
| Data export and erasure (docs/api/privacy.md). The export's schema is written from the very
| column lists the export reads (app/services/privacy/personal_data_rows.ts), so a column added
| to a section is in the document too.
*/

/** Integer columns (amounts in cents are integers too). */
const INTEGER_COLUMNS = new Set([
  'quantity',
  'order_count',
  'position',
  'attempts',
  'attempt',
  'stock',
  'returned_quantity',
  'commission_rate',
  'sign_count',
])
const BOOLEAN_COLUMNS = new Set(['is_active', 'awaiting_approval', 'is_default', 'enabled'])

const camel = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_match, next) => next.toUpperCase())

function columnSchema(column: string): JsonSchema {
  if (column.endsWith('_at')) return nullable(instant)
  if (BOOLEAN_COLUMNS.has(column)) return { type: 'boolean' }
  if (column === 'restocked') return { type: ['boolean', 'null'] }
  if (column.endsWith('_cents') || INTEGER_COLUMNS.has(column)) return { type: ['integer', 'null'] }
  if (column === 'scopes' || column === 'events') return arrayOf({ type: 'string' })
  if (column === 'shipping_address' || column === 'changes') return { type: 'object' }
  return { type: ['string', 'null'] }
}

/** The export row of a column list, with `extra` fields beside the columns. */
function rowOf(columns: readonly string[], extra: Record<string, JsonSchema> = {}): JsonSchema {
  return objectOf({
    ...Object.fromEntries(columns.map((column) => [camel(column), columnSchema(column)])),
    ...extra,
  })
}

/** An audit-trail entry as the export shows it: never the id of another administrator. */
const adminActionFields = Object.fromEntries(
  Object.entries(
    (rowOf(COLUMNS.adminAction) as { properties: Record<string, JsonSchema> }).properties
  ).filter(([name]) => name !== 'actorId')
)

const exportSchema: JsonSchema = objectOf({
  format: { const: 'commerce-backend/personal-data-export' },
  version: { const: 1 },
  exportedAt: instant,
  account: rowOf(COLUMNS.account),
  addresses: arrayOf(rowOf(COLUMNS.address)),
  cart: arrayOf(rowOf(COLUMNS.cartItem)),
  checkouts: arrayOf(rowOf(COLUMNS.checkout)),
  orders: arrayOf(
    rowOf(COLUMNS.order, {
      items: arrayOf(rowOf(COLUMNS.orderItem)),
      statusHistory: arrayOf(rowOf(COLUMNS.statusChange)),
      shipment: nullable(
        objectOf({
          carrier: { type: ['string', 'null'] },
          trackingNumber: { type: ['string', 'null'] },
          trackingUrl: { type: ['string', 'null'] },
          shippedAt: nullable(instant),
        })
      ),
      refunds: arrayOf(rowOf(COLUMNS.refund)),
      returns: arrayOf(rowOf(COLUMNS.return, { items: arrayOf(rowOf(COLUMNS.returnItem)) })),
    })
  ),
  payments: arrayOf(rowOf(COLUMNS.payment)),
  consents: arrayOf(rowOf(COLUMNS.consent)),
  administrativeActions: arrayOf(
    objectOf({ ...adminActionFields, byThisAccount: { type: 'boolean' } })
  ),
  apiKeys: arrayOf(rowOf(COLUMNS.apiKey)),
  webhookEndpoints: arrayOf(rowOf(COLUMNS.webhookEndpoint)),
  shops: arrayOf(
    rowOf(COLUMNS.shop, {
      products: arrayOf(rowOf(COLUMNS.product, { variants: arrayOf(rowOf(COLUMNS.variant)) })),
    })
  ),
  secondFactors: objectOf({
    authenticatorApp: nullable(rowOf(COLUMNS.authenticatorApp)),
    recoveryCodes: arrayOf(rowOf(COLUMNS.recoveryCode)),
    passkeys: arrayOf(rowOf(COLUMNS.passkey)),
  }),
  sessions: objectOf({
    refreshTokens: arrayOf(rowOf(COLUMNS.refreshToken)),
    consoleSessions: arrayOf(rowOf(COLUMNS.consoleSession)),
  }),
  oneTimeCodes: arrayOf(rowOf(COLUMNS.oneTimeCode)),
  idempotencyKeys: arrayOf(rowOf(COLUMNS.idempotencyKey)),
})

export const privacyPaths: AreaPaths = {
  '/api/v1/me/export': {
    get: {
      tags: ['Privacy'],
      auth: 'bearer',
      roles: ['any signed-in account'],
      style: 'problem',
      operationId: 'exportMyData',
      summary: 'Everything held about the signed-in account, as one JSON document',
      description:
        'A data export (access request): the account, its saved addresses, cart, checkouts, ' +
        'orders (with their lines, status history, shipment, refunds and returns), payments, ' +
        'consents, audit-trail entries made by or about it, API keys and webhook endpoints it ' +
        'created, shops and products (sellers), second factors, sessions, one-time codes and ' +
        'idempotency keys. docs/api/privacy.md describes every field. Never a secret: no ' +
        'password hash, token or code digest, TOTP secret, passkey key, webhook secret or ' +
        'payment client secret; second factors and sessions are metadata only. Amounts are ' +
        'integer cents (`...Cents`), instants ISO 8601 UTC. Sent as a download ' +
        '(`Content-Disposition: attachment`) with `Cache-Control: no-store`. An API key is not ' +
        'accepted.',
      responses: {
        200: {
          description: 'The export',
          schema: exportSchema,
          headers: {
            'Content-Disposition': 'attachment; filename="personal-data-<id>-<day>.json"',
          },
        },
      },
    },
  },
  '/auth/me': {
    delete: {
      tags: ['Privacy'],
      auth: 'bearer',
      roles: ['any signed-in account but a Super Admin'],
      style: 'envelope',
      operationId: 'eraseMyAccount',
      summary: 'Erase the signed-in account',
      description:
        'Send the current `password` in the JSON body. In one transaction the account loses its ' +
        'e-mail address (replaced by a placeholder), password, saved addresses, cart and second ' +
        'factors; its orders keep their amounts but lose the name, phone, address lines and ' +
        'notes; its consents keep policy, version and time but lose the client address and ' +
        'browser; every session and token ends, on every instance. The account can never sign ' +
        'in again, and the address may register again as a new account. A last mail tells the ' +
        'address its account was erased. No webhook is published. docs/api/privacy.md lists ' +
        'what happens to each table. A wrong password is refused as on change-password ' +
        '(`INVALID_CURRENT_PASSWORD`, counted in the same five tries per 15 minutes, 429 ' +
        'beyond). Of concurrent erasures one goes through; the others get ' +
        '`ACCOUNT_ALREADY_ERASED`, or 401/403 when they arrive after it. Every answer carries ' +
        '`Cache-Control: no-store`.',
      body: eraseOwnAccountValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'Erased', schema: envelopeOf({ type: 'string' }) } },
      errors: [
        InvalidCurrentPassword,
        AccountHasOpenBusiness,
        SuperAdminNotErasable,
        AccountAlreadyErased,
        known.tooManyRequests,
      ],
      errorNotes: {
        409: 'Orders (its own or of its shops) not yet delivered or cancelled, returns not yet settled, or a shop whose ledger does not sum to zero; a Super Admin account; an account already erased by a concurrent request.',
      },
    },
  },
}
