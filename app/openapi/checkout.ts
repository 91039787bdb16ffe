import type { AreaPaths } from '#openapi/builders'

/** Routes of the checkout area. */
export const checkoutPaths: AreaPaths = {}
