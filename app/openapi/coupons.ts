import type { AreaPaths } from '#openapi/builders'

/** Routes of the coupons area. */
export const couponsPaths: AreaPaths = {}
