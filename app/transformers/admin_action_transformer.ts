import type AdminAction from '#models/admin_action'
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#models/admin_action'
import { nullable, nullableString, objectOf, uuid } from '#openapi/json_schema'
import ApiTransformer from '#transformers/api_transformer'
import { field, instantField, shapeOf } from '#transformers/shape'

/** `before` or `after` of a change: the fields that changed, null for the side that has none. */
const changedFields = { type: ['object', 'null'], additionalProperties: true }

/** An audit trail entry, with its actor's e-mail when the list preloaded it. */
export default class AdminActionTransformer extends ApiTransformer<AdminAction> {
  static readonly shape = shapeOf<AdminAction>()({
    id: field(uuid, 'id'),
    actorId: field(nullable(uuid), 'actorId'),
    actorEmail: field(nullableString, (entry) => entry.actor?.email ?? null),
    action: field({ enum: [...AUDIT_ACTIONS] }, 'action'),
    targetType: field({ enum: [...AUDIT_TARGET_TYPES] }, 'targetType'),
    targetId: field({ type: 'string' }, 'targetId'),
    changes: field(objectOf({ before: changedFields, after: changedFields }), 'changes'),
    clientAddress: field(nullableString, 'clientAddress'),
    createdAt: instantField('createdAt'),
  })

  toObject() {
    return AdminActionTransformer.shape.write(this.resource)
  }
}
