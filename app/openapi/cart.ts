import type { AreaPaths } from '#openapi/builders'

/** Routes of the cart area. */
export const cartPaths: AreaPaths = {}
