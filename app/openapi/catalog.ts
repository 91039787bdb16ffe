import type { AreaPaths } from '#openapi/builders'

/** Routes of the catalog area. */
export const catalogPaths: AreaPaths = {}
