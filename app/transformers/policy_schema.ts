import { instant, objectOf, uuid, type JsonSchema } from '#openapi/json_schema'
import { POLICY_TYPES } from '#enums/policy_type'

export const policyTypeSchema: JsonSchema = { type: 'string', enum: [...POLICY_TYPES] }

const policyFields: Record<string, JsonSchema> = {
  id: uuid,
  type: policyTypeSchema,
  title: { type: 'string' },
  content: { type: 'string' },
  version: { type: 'string', examples: ['1.0', '2.1.3'] },
  effectiveDate: instant,
  isActive: { type: 'boolean' },
}

/** The response schema of `PolicyTransformer` (policy_transformer.ts): create, update, deactivate. */
export const policySchema = objectOf(policyFields)

/** The response schema of `PolicyTransformer`'s `withTimestamps` variant: the reads, with the timestamps. */
export const policyDetailSchema = objectOf({
  ...policyFields,
  createdAt: instant,
  updatedAt: instant,
})
