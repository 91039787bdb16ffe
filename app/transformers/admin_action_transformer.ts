import type AdminAction from '#models/admin_action'
import ApiTransformer from '#transformers/api_transformer'

/** An audit trail entry, with its actor's e-mail when the list preloaded it. */
export default class AdminActionTransformer extends ApiTransformer<AdminAction> {
  toObject() {
    const entry = this.resource
    return {
      id: entry.id,
      actorId: entry.actorId,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      changes: entry.changes,
      clientAddress: entry.clientAddress,
      createdAt: this.instant(entry.createdAt),
    }
  }
}
