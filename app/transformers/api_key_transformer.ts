import type ApiKey from '#models/api_key'
import { API_KEY_SCOPES } from '#enums/api_key_scope'
import { objectOf, uuid, type JsonSchema } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, nullableInstantField, shapeOf } from '#transformers/shape'

/** An API key as listed: its visible prefix, never the key nor its hash. */
export default class ApiKeyTransformer extends ApiTransformer<ApiKey> {
  static readonly shape = shapeOf<ApiKey>()({
    id: field(uuid, 'id'),
    name: field({ type: 'string' }, 'name'),
    prefix: field(
      { type: 'string', description: 'The start of the key, to tell keys apart' },
      'prefix'
    ),
    scopes: field(
      { type: 'array', items: { type: 'string', enum: [...API_KEY_SCOPES] } },
      'scopes'
    ),
    createdBy: field(uuid, 'createdBy'),
    lastUsedAt: nullableInstantField('lastUsedAt'),
    revokedAt: nullableInstantField('revokedAt'),
    createdAt: instantField('createdAt'),
  })

  toObject() {
    return ApiKeyTransformer.shape.write(this.resource)
  }
}

/** A new key and the key itself, answered once. */
export class NewApiKeyTransformer extends ApiTransformer<{ apiKey: ApiKey; key: string }> {
  static readonly schema: JsonSchema = objectOf({
    ...(ApiKeyTransformer.shape.schema.properties as Record<string, JsonSchema>),
    key: {
      type: 'string',
      pattern: '^sk_live_',
      description: 'The key, shown this once: send it as `Authorization: Bearer <key>`',
    },
  })

  toObject() {
    return { ...ApiKeyTransformer.shape.write(this.resource.apiKey), key: this.resource.key }
  }
}
