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
        'The code is stored upper-case and is unique among live coupons, compared ' +
        'case-insensitively; the check is a unique index, so two simultaneous requests for one ' +
        'code create one coupon and answer one 409. `usageCount` is not accepted (ignored when ' +
        'sent). Dates in the past are allowed (a campaign already running or over).',
      body: couponBody(createCouponValidator.toJSONSchema() as JsonSchema),
      responses: { 201: { description: 'The coupon', schema: ref('AdminCoupon') } },
      errors: [CouponCodeExists],
    },
    get: {
      ...admin,
      operationId: 'listCoupons',
      summary: 'List live coupons, newest first',
      description: 'Every coupon not deleted, inactive ones included.',
      query: paginationValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'One page of coupons', schema: pageOf(ref('AdminCoupon')) },
      },
    },
  },
  '/api/v1/admin/coupons/{id}': {
    put: {
      ...admin,
      operationId: 'updateCoupon',
      summary: 'Update a coupon (only the fields sent change)',
      description:
        'Only the fields present change; an empty body answers the coupon unchanged. `null` ' +
        'clears `maxDiscountAmount` (no cap) and `usageLimit` (unlimited); `null` for any other ' +
        'field is a 400. Cross-field rules are checked on the merged coupon: `endDate` after ' +
        '`startDate` (a 400 on `endDate` whichever was sent) and a PERCENTAGE value at most 100 ' +
        '(a 400 on `discountValue`, also when only the value is sent). A new `discountType` ' +
        'needs its `discountValue` in the same request, so a stored amount is never read as a ' +
        'percent. `usageLimit` may not go below `usageCount` (equal is accepted: the coupon is ' +
        'then used up); the check is the update itself, so it holds while checkout counts uses.',
      pathParams: ['id'],
      body: couponBody(updateCouponValidator.toJSONSchema() as JsonSchema),
      responses: { 200: { description: 'The updated coupon', schema: ref('AdminCoupon') } },
      errors: [CouponNotFound, CouponCodeExists, CouponUsageLimitBelowCount],
      errorNotes: { 404: 'Unknown or deleted coupon.' },
    },
    delete: {
      ...admin,
      operationId: 'deleteCoupon',
      summary: 'Delete a coupon (soft: orders keep it, lists and lookups stop showing it)',
      description:
        'The row keeps its data, so orders placed with the coupon keep something to point at. ' +
        'A deleted coupon disappears from the list, the lookup and checkout, and cannot be ' +
        'updated or deleted again; its code is free for a new coupon. A use given back by a ' +
        'cancelled order still reaches its counter.',
      pathParams: ['id'],
      responses: { 200: { description: 'Deleted', schema: deletedSchema } },
      errors: [CouponNotFound],
      errorNotes: { 404: 'Unknown or already deleted coupon.' },
    },
  },
  '/api/v1/coupons/{code}': {
    get: {
      operationId: 'lookUpCoupon',
      summary: 'Look up a coupon that can be used now',
      description:
        'Case-insensitive (`summer-10` finds `SUMMER-10`). The coupon is answered only while it ' +
        'is active, not deleted, inside its dates (inclusive) and not used up; the minimum order ' +
        'amount is not checked (there is no order yet). Unknown, inactive, deleted, not yet ' +
        'started, expired and used-up codes all answer the same 404, so the answer never tells ' +
        'whether a code exists.',
      tags: ['Coupons'],
      auth: 'bearer',
      roles: ['any authenticated user'],
      style: 'problem',
      pathParams: ['code'],
      responses: { 200: { description: 'The coupon', schema: ref('Coupon') } },
      errors: [known.validationFailed, CouponNotFound, known.tooManyRequests],
      errorNotes: {
        400: 'The code is not 3 to 32 of A-Z 0-9 _ -.',
        429:
          'More than 30 codes that match no coupon in a minute, per user or per client address, ' +
          'counted with the checkout summary and place-order. Each lookup is counted before the ' +
          'code is looked up and given back when a coupon with the code exists (even an ' +
          'inactive, expired or used-up one), so looking up real codes never uses the ' +
          'allowance up; beyond it every lookup is 429 until the minute has passed.',
      },
    },
  },
}
