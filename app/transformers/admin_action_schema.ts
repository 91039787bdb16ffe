import { instant, nullableString, objectOf, uuid } from '#openapi/json_schema'
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#models/admin_action'

const fields = { type: ['object', 'null'], additionalProperties: true }

/** The response schema of an audit trail entry (admin_action_transformer.ts). */
export const adminActionSchema = objectOf({
  id: uuid,
  actorId: { anyOf: [uuid, { type: 'null' }] },
  actorEmail: nullableString,
  action: { enum: [...AUDIT_ACTIONS] },
  targetType: { enum: [...AUDIT_TARGET_TYPES] },
  targetId: { type: 'string' },
  changes: objectOf({ before: fields, after: fields }),
  clientAddress: nullableString,
  createdAt: instant,
})
