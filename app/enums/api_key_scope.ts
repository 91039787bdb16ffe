/**
 * What an API key may do (docs/api/integrations.md, "API keys"): each admin route that accepts a
 * key names the one scope it needs (start/routes/*.ts, `middleware.auth({ scope })`).
 */
export const API_KEY_SCOPES = [
  'orders:read',
  'orders:write',
  'catalog:read',
  'catalog:write',
  'payouts:read',
] as const

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]
