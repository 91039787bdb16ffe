/**
 * The route parameters that are resource ids, every one a UUID: the router matches them only
 * with a UUID (start/routes.ts), so a malformed id never reaches a query, and the OpenAPI
 * document types them `format: uuid` (app/openapi/builders.ts).
 */
export const UUID_ROUTE_PARAMETERS: readonly string[] = [
  'id',
  'userId',
  'productId',
  'variantId',
  'shopId',
  'policyId',
  'checkoutId',
  'imageId',
]
