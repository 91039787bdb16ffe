import { deletedSchema, pageOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { localDateTime } from '#openapi/json_schema'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import { createCouponValidator, updateCouponValidator } from '#validators/coupon'
import { paginationValidator } from '#validators/pagination'
import { FRAMEWORK_ERROR_DEFINITIONS as known } from '#exceptions/describe_error'
import {
  CouponCodeExists,
  CouponNotFound,
  CouponUsageLimitBelowCount,
} from '#exceptions/coupon_errors'

/** `schema` with its lower bound made exclusive: the custom rule refuses zero. */
function aboveZero({ minimum: _minimum, ...schema }: JsonSchema): JsonSchema {
  return { ...schema, exclusiveMinimum: 0 }
}

/** The validator's schema, with what its custom rules check spelled out for readers. */
function couponBody(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>
  return {
    ...schema,
    properties: {
      ...properties,
      discountValue: {
        ...aboveZero(properties.discountValue),
        description: 'FIXED: an amount (≤ 1,000,000). PERCENTAGE: a percent, at most 100.',
      },
      maxDiscountAmount: aboveZero(properties.maxDiscountAmount),
      startDate: localDateTime,
      endDate: { ...localDateTime, description: 'After startDate; inclusive to the second' },
    },
  }
}

const admin = bearer('Coupons', ADMIN_ROLES, 'problem')

/** Routes of the coupons area. */
export const couponsPaths: AreaPaths = {
  '/api/v1/admin/coupons': {
    post: {
      ...admin,
      operationId: 'createCoupon',
      summary: 'Create a coupon',
      description:
        'The code is stored upper-case and is unique among live coupons, compared case-insensitively. ' +
        '`usageCount` is not accepted (ignored when sent).',
      body: couponBody(createCouponValidator.toJSONSchema() as JsonSchema),
      responses: { 201: { description: 'The coupon', schema: ref('Coupon') } },
      errors: [CouponCodeExists],
    },
    get: {
      ...admin,
      operationId: 'listCoupons',
      summary: 'List live coupons, newest first',
      query: paginationValidator.toJSONSchema() as JsonSchema,
      responses: { 200: { description: 'One page of coupons', schema: pageOf(ref('Coupon')) } },
    },
  },
  '/api/v1/admin/coupons/{id}': {
    put: {
      ...admin,
      operationId: 'updateCoupon',
      summary: 'Update a coupon (only the fields sent change)',
      description:
        'Cross-field rules are checked on the merged coupon. A new `discountType` needs its ' +
        '`discountValue` in the same request. `usageLimit` may not go below `usageCount`.',
      pathParams: ['id'],
      body: couponBody(updateCouponValidator.toJSONSchema() as JsonSchema),
      responses: { 200: { description: 'The updated coupon', schema: ref('Coupon') } },
      errors: [CouponNotFound, CouponCodeExists, CouponUsageLimitBelowCount],
    },
    delete: {
      ...admin,
      operationId: 'deleteCoupon',
      summary: 'Delete a coupon (soft: orders keep it, lists and lookups stop showing it)',
      pathParams: ['id'],
      responses: { 200: { description: 'Deleted', schema: deletedSchema } },
      errors: [CouponNotFound],
    },
  },
  '/api/v1/coupons/{code}': {
    get: {
      operationId: 'lookUpCoupon',
      summary: 'Look up a coupon that can be used now',
      description:
        'Case-insensitive. Unknown, inactive, deleted, not yet started, expired and used-up codes ' +
        'all answer the same 404.',
      tags: ['Coupons'],
      auth: 'bearer',
      roles: ['any authenticated user'],
      style: 'problem',
      pathParams: ['code'],
      responses: { 200: { description: 'The coupon', schema: ref('Coupon') } },
      errors: [known.validationFailed, CouponNotFound, known.tooManyRequests],
      errorNotes: {
        400: 'The code is not 3 to 32 of A-Z 0-9 _ -.',
        429: 'More than 30 codes that match no coupon in a minute, per user or per client address, counted with the checkout summary and place-order.',
      },
    },
  },
}
