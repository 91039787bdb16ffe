import type { AreaPaths } from '#openapi/builders'

/** Routes of the accounts area. */
export const accountsPaths: AreaPaths = {}
