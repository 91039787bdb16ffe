import type Policy from '#models/policy'
import ApiTransformer from '#transformers/api_transformer'

/**
 * A legal policy (docs/api/legal.md). Create, update and deactivate answer with `toObject`; the
 * reads answer with the `withTimestamps` variant, which adds `createdAt` and `updatedAt`.
 */
export default class PolicyTransformer extends ApiTransformer<Policy> {
  toObject() {
    const policy = this.resource
    return {
      id: policy.id,
      type: policy.type,
      title: policy.title,
      content: policy.content,
      version: policy.version,
      effectiveDate: this.instant(policy.effectiveDate),
      isActive: policy.isActive,
    }
  }

  withTimestamps() {
    return {
      ...this.toObject(),
      createdAt: this.instant(this.resource.createdAt),
      updatedAt: this.instant(this.resource.updatedAt),
    }
  }
}
