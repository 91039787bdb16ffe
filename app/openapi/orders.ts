import type { AreaPaths } from '#openapi/builders'

/** Routes of the orders area. */
export const ordersPaths: AreaPaths = {}
