import { objectOf, pageOf, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { createCouponValidator, updateCouponValidator } from '#validators/coupon'
import { paginationValidator } from '#validators/pagination'

const localDateTime: JsonSchema = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
  description: 'Wall-clock time in STORE_TIMEZONE, no zone; bounds are inclusive',
  examples: ['2026-12-31T23:59:59'],
}

const coupon: JsonSchema = objectOf({
  id: { type: 'string', format: 'uuid' },
  code: { type: 'string', pattern: '^[A-Z0-9_-]{3,32}$' },
  discountType: { type: 'string', enum: ['FIXED', 'PERCENTAGE'] },
  discountValue: {
    type: 'number',
    description: 'An amount for FIXED, a percent (0 < v ≤ 100) for PERCENTAGE',
  },
  minOrderAmount: { type: 'number', minimum: 0 },
  maxDiscountAmount: {
    type: ['number', 'null'],
    description: 'Caps a PERCENTAGE discount; null for no cap; ignored by FIXED coupons',
  },
  startDate: localDateTime,
  endDate: localDateTime,
  usageLimit: { type: ['integer', 'null'], minimum: 1, description: 'null for unlimited' },
  usageCount: { type: 'integer', minimum: 0 },
  isActive: { type: 'boolean' },
})

/** The validator's schema, with what its custom rules check spelled out for readers. */
function couponBody(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>
  return {
    ...schema,
    properties: {
      ...properties,
      discountValue: {
        ...properties.discountValue,
        exclusiveMinimum: 0,
        description: 'FIXED: an amount (≤ 1,000,000). PERCENTAGE: a percent, at most 100.',
      },
      maxDiscountAmount: { ...properties.maxDiscountAmount, exclusiveMinimum: 0 },
      startDate: localDateTime,
      endDate: { ...localDateTime, description: 'After startDate; inclusive to the second' },
    },
  }
}

const TAGS = ['Coupons']
const ADMIN = ['ADMIN', 'SUPER_ADMIN']
const unauthenticated = { description: 'Missing, invalid, expired or revoked token' }
const forbidden = { description: 'Not an admin (FORBIDDEN)' }
const notFound = { description: 'No live coupon with this id (COUPON_NOT_FOUND)' }
const invalid = { description: 'Invalid field(s), listed in `errors` (VALIDATION_FAILED)' }

/** Routes of the coupons area. */
export const couponsPaths: AreaPaths = {
  '/api/v1/admin/coupons': {
    post: {
      summary: 'Create a coupon',
      description:
        'The code is stored upper-case and is unique among live coupons, compared case-insensitively. ' +
        '`usageCount` is not accepted (ignored when sent).',
      tags: TAGS,
      auth: 'bearer',
      roles: ADMIN,
      style: 'problem',
      body: couponBody(createCouponValidator.toJSONSchema() as JsonSchema),
      responses: {
        201: { description: 'The coupon', schema: coupon },
        400: invalid,
        401: unauthenticated,
        403: forbidden,
        409: { description: 'A live coupon has this code (COUPON_CODE_EXISTS)' },
      },
    },
    get: {
      summary: 'List live coupons, newest first',
      tags: TAGS,
      auth: 'bearer',
      roles: ADMIN,
      style: 'problem',
      query: paginationValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'One page of coupons', schema: pageOf(coupon) },
        400: invalid,
        401: unauthenticated,
        403: forbidden,
      },
    },
  },
  '/api/v1/admin/coupons/{id}': {
    put: {
      summary: 'Update a coupon (only the fields sent change)',
      description:
        'Cross-field rules are checked on the merged coupon. A new `discountType` needs its ' +
        '`discountValue` in the same request. `usageLimit` may not go below `usageCount`.',
      tags: TAGS,
      auth: 'bearer',
      roles: ADMIN,
      style: 'problem',
      pathParams: ['id'],
      body: couponBody(updateCouponValidator.toJSONSchema() as JsonSchema),
      responses: {
        200: { description: 'The updated coupon', schema: coupon },
        400: invalid,
        401: unauthenticated,
        403: forbidden,
        404: notFound,
        409: {
          description:
            'Code taken (COUPON_CODE_EXISTS) or usageLimit below usageCount (COUPON_USAGE_LIMIT_BELOW_COUNT)',
        },
      },
    },
    delete: {
      summary: 'Delete a coupon (soft: orders keep it, lists and lookups stop showing it)',
      tags: TAGS,
      auth: 'bearer',
      roles: ADMIN,
      style: 'problem',
      pathParams: ['id'],
      responses: {
        200: {
          description: 'Deleted',
          schema: objectOf({
            id: { type: 'string', format: 'uuid' },
            deleted: { type: 'boolean', const: true },
          }),
        },
        401: unauthenticated,
        403: forbidden,
        404: notFound,
      },
    },
  },
  '/api/v1/coupons/{code}': {
    get: {
      summary: 'Look up a coupon that can be used now',
      description:
        'Case-insensitive. Unknown, inactive, deleted, not yet started, expired and used-up codes ' +
        'all answer the same 404. Rate limited per user (30 a minute).',
      tags: TAGS,
      auth: 'bearer',
      roles: ['any authenticated user'],
      style: 'problem',
      pathParams: ['code'],
      responses: {
        200: { description: 'The coupon', schema: coupon },
        400: { description: 'The code is not 3 to 32 of A-Z 0-9 _ - (VALIDATION_FAILED)' },
        401: unauthenticated,
        404: { description: 'No usable coupon with this code (COUPON_NOT_FOUND)' },
        429: {
          description:
            'More than 30 codes that match no coupon in a minute, per user or per client ' +
            'address, counted with the checkout summary and place-order (TOO_MANY_REQUESTS)',
          headers: { 'Retry-After': 'Seconds to wait' },
        },
      },
    },
  },
}
