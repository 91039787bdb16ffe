import type { AreaPaths } from '#openapi/builders'

/** Routes of the legal area. */
export const legalPaths: AreaPaths = {}
