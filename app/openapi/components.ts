import { objectOf, uuid, type JsonSchema } from '#openapi/json_schema'
import AdminActionTransformer from '#transformers/admin_action_transformer'
import CartTransformer from '#transformers/cart_transformer'
import CheckoutSummaryTransformer from '#transformers/checkout_summary_transformer'
import ConsentStatusTransformer from '#transformers/consent_status_transformer'
import CouponTransformer from '#transformers/coupon_transformer'
import OrderTransformer from '#transformers/order_transformer'
import LedgerEntryTransformer, {
  BalanceTransformer,
  CommissionTransformer,
} from '#transformers/ledger_transformer'
import PayoutTransformer, {
  PayoutRunTransformer,
  StripeAccountTransformer,
} from '#transformers/payout_transformer'
import PaymentTransformer from '#transformers/payment_transformer'
import RefundTransformer from '#transformers/refund_transformer'
import ReturnTransformer from '#transformers/return_transformer'
import PolicyConsentTransformer from '#transformers/policy_consent_transformer'
import PolicyTransformer from '#transformers/policy_transformer'
import ProductTransformer from '#transformers/product_transformer'
import ShippingAddressTransformer from '#transformers/shipping_address_transformer'
import ShippingMethodTransformer from '#transformers/shipping_method_transformer'
import ShopTransformer from '#transformers/shop_transformer'
import CategoryTransformer from '#transformers/category_transformer'
import TaxRateTransformer from '#transformers/tax_rate_transformer'
import UserTransformer from '#transformers/user_transformer'
import WebhookEndpointTransformer, {
  WebhookDeliveryTransformer,
  WebhookSecretTransformer,
} from '#transformers/webhook_transformer'
import ApiKeyTransformer, { NewApiKeyTransformer } from '#transformers/api_key_transformer'

const fieldMessages: JsonSchema = {
  type: 'array',
  items: objectOf({ field: { type: 'string' }, message: { type: 'string' } }),
}

const requestId: JsonSchema = {
  type: 'string',
  description: 'The request id, as in the X-Request-Id response header and the log lines',
}

/** The body shapes of the HTTP layer: the envelope's parts and the two error bodies. */
const httpSchemas: Record<string, JsonSchema> = {
  StatusCode: objectOf({ value: { type: 'integer' }, description: { type: 'string' } }),
  ErrorEnvelope: objectOf({
    isSuccess: { type: 'boolean', const: false },
    statusCode: { $ref: '#/components/schemas/StatusCode' },
    data: { type: 'null' },
    error: objectOf(
      { code: { type: 'string' }, message: { type: 'string' }, fields: fieldMessages, requestId },
      ['fields']
    ),
  }),
  ProblemDetails: objectOf(
    {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      code: { type: 'string' },
      detail: { type: 'string' },
      errors: fieldMessages,
      requestId,
    },
    ['errors']
  ),
  Deleted: objectOf({ id: uuid, deleted: { type: 'boolean', const: true } }),
}

/**
 * The token pair sign-in and refresh hand back (`IssuedTokens`, app/services/accounts/
 * token_service.ts), sent as the service issues it: no transformer writes it.
 */
const tokenProperties: Record<string, JsonSchema> = {
  accessToken: { type: 'string', description: 'HS256 JWT, 15 minutes' },
  tokenType: { type: 'string', const: 'Bearer' },
  expiresIn: { type: 'integer', description: 'Seconds until the access token expires (900)' },
  refreshToken: { type: 'string', description: 'Opaque, 30 days, single use (rotated)' },
}

/**
 * Every schema the document names: the HTTP layer's, then one or more per resource, each the
 * schema of the shape its transformer writes (app/transformers/shape.ts).
 */
export const sharedSchemas: Record<string, JsonSchema> = {
  ...httpSchemas,
  Registration: UserTransformer.registrationShape.schema,
  Me: UserTransformer.meShape.schema,
  SignedIn: objectOf({ user: UserTransformer.shape.schema, ...tokenProperties }),
  Tokens: objectOf(tokenProperties),
  Policy: PolicyTransformer.shape.schema,
  PolicyDetail: PolicyTransformer.detailShape.schema,
  PolicyConsent: PolicyConsentTransformer.shape.schema,
  ConsentStatus: ConsentStatusTransformer.shape.schema,
  Shop: ShopTransformer.shape.schema,
  PublicShop: ShopTransformer.publicShape.schema,
  ProductImage: {
    type: 'object',
    required: ['id', 'url', 'position', 'contentType', 'size'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', format: 'uuid' },
      url: { type: 'string' },
      position: { type: 'integer', minimum: 1 },
      contentType: { enum: ['image/jpeg', 'image/png', 'image/webp'] },
      size: { type: 'integer', minimum: 1 },
    },
  },
  Category: CategoryTransformer.shape.schema,
  CategoryTreeNode: {
    type: 'object',
    required: ['id', 'name', 'slug', 'parentId', 'children'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      slug: { type: 'string' },
      parentId: { type: ['string', 'null'], format: 'uuid' },
      children: { type: 'array', items: { $ref: '#/components/schemas/CategoryTreeNode' } },
    },
  },
  Product: ProductTransformer.shape.schema,
  SellerProduct: ProductTransformer.sellerShape.schema,
  Cart: CartTransformer.shape.schema,
  Coupon: CouponTransformer.shape.schema,
  AdminCoupon: CouponTransformer.adminShape.schema,
  ShippingAddress: ShippingAddressTransformer.shape.schema,
  ShippingMethod: ShippingMethodTransformer.shape.schema,
  TaxRate: TaxRateTransformer.shape.schema,
  CheckoutSummary: CheckoutSummaryTransformer.shape.schema,
  Order: OrderTransformer.shape.schema,
  StaffOrder: OrderTransformer.staffShape.schema,
  Payment: PaymentTransformer.shape.schema,
  Refund: RefundTransformer.shape.schema,
  Return: ReturnTransformer.shape.schema,
  LedgerEntry: LedgerEntryTransformer.shape.schema,
  Balance: BalanceTransformer.shape.schema,
  Commission: CommissionTransformer.shape.schema,
  Payout: PayoutTransformer.shape.schema,
  PayoutRun: PayoutRunTransformer.shape.schema,
  StripeAccount: StripeAccountTransformer.shape.schema,
  AdminAction: AdminActionTransformer.shape.schema,
  WebhookEndpoint: WebhookEndpointTransformer.shape.schema,
  WebhookEndpointSecret: WebhookSecretTransformer.schema,
  WebhookDelivery: WebhookDeliveryTransformer.shape.schema,
  ApiKey: ApiKeyTransformer.shape.schema,
  NewApiKey: NewApiKeyTransformer.schema,
}

/** Response headers shared by every area. */
export const sharedHeaders: Record<string, unknown> = {
  RequestId: {
    description:
      'The request id: generated, or the X-Request-Id the client sent; on every log line of the request and in the requestId of an error body',
    schema: { type: 'string' },
  },
}
