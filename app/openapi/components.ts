import { objectOf, uuid, type JsonSchema } from '#openapi/json_schema'
import { cartSchema } from '#transformers/cart_schema'
import { checkoutSummarySchema } from '#transformers/checkout_summary_schema'
import { couponSchema } from '#transformers/coupon_schema'
import { orderSchema } from '#transformers/order_schema'
import { consentStatusSchema, policyConsentSchema } from '#transformers/policy_consent_schema'
import { policyDetailSchema, policySchema } from '#transformers/policy_schema'
import { productSchema, sellerProductSchema } from '#transformers/product_schema'
import { shippingAddressSchema } from '#transformers/shipping_address_schema'
import { shippingMethodSchema } from '#transformers/shipping_method_schema'
import { shopSchema } from '#transformers/shop_schema'
import { taxRateSchema } from '#transformers/tax_rate_schema'
import { adminActionSchema } from '#transformers/admin_action_schema'
import { registrationSchema, signedInSchema, tokensSchema } from '#transformers/user_schema'

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
 * Every schema the document names: the HTTP layer's, then one or more per resource, each defined
 * beside the transformer that writes it.
 */
export const sharedSchemas: Record<string, JsonSchema> = {
  ...httpSchemas,
  Registration: registrationSchema,
  SignedIn: signedInSchema,
  Tokens: tokensSchema,
  Policy: policySchema,
  PolicyDetail: policyDetailSchema,
  PolicyConsent: policyConsentSchema,
  ConsentStatus: consentStatusSchema,
  Shop: shopSchema,
  Product: productSchema,
  SellerProduct: sellerProductSchema,
  Cart: cartSchema,
  Coupon: couponSchema,
  ShippingAddress: shippingAddressSchema,
  ShippingMethod: shippingMethodSchema,
  TaxRate: taxRateSchema,
  CheckoutSummary: checkoutSummarySchema,
  Order: orderSchema,
  AdminAction: adminActionSchema,
}

/** Response headers shared by every area. */
export const sharedHeaders: Record<string, unknown> = {
  RequestId: {
    description:
      'The request id: generated, or the X-Request-Id the client sent; on every log line of the request and in the requestId of an error body',
    schema: { type: 'string' },
  },
}
