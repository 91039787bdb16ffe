import type Policy from '#models/policy'
import { POLICY_TYPES } from '#enums/policy_type'
import { uuid, type JsonSchema } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** A policy type, as policies and consents show it. */
export const policyTypeSchema: JsonSchema = { type: 'string', enum: [...POLICY_TYPES] }

/** What create, update and deactivate answer with. */
const policyShape = shapeOf<Policy>()({
  id: field(uuid, 'id'),
  type: field(policyTypeSchema, 'type'),
  title: field({ type: 'string' }, 'title'),
  content: field({ type: 'string' }, 'content'),
  version: field({ type: 'string', examples: ['1.0', '2.1.3'] }, 'version'),
  effectiveDate: instantField('effectiveDate'),
  isActive: field({ type: 'boolean' }, 'isActive'),
})

/** What the reads answer with: the same, with the timestamps. */
const detailShape = policyShape.with({
  createdAt: instantField('createdAt'),
  updatedAt: instantField('updatedAt'),
})

/**
 * A legal policy (docs/api/legal.md). Create, update and deactivate answer with `toObject`; the
 * reads answer with the `withTimestamps` variant, which adds `createdAt` and `updatedAt`.
 */
export default class PolicyTransformer extends ApiTransformer<Policy> {
  static readonly shape = policyShape
  static readonly detailShape = detailShape

  toObject() {
    return policyShape.write(this.resource)
  }

  withTimestamps() {
    return detailShape.write(this.resource)
  }
}
