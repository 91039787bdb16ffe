import { defineDomainError } from '#exceptions/domain_error'

/** Refusals of the policy and consent rules (docs/api/legal.md). */
export const PolicyNotFound = defineDomainError(404, 'POLICY_NOT_FOUND', 'Policy not found')
export const PolicyVersionExists = defineDomainError(
  409,
  'POLICY_VERSION_EXISTS',
  'This version already exists for this policy type'
)
export const PolicyVersionConflict = defineDomainError(
  409,
  'POLICY_VERSION_CONFLICT',
  'The version must be greater than every existing version of this policy type'
)
export const PolicyInactive = defineDomainError(
  409,
  'POLICY_INACTIVE',
  'This policy has been deactivated'
)
export const PolicyLocked = defineDomainError(
  409,
  'POLICY_LOCKED',
  'Content and version are frozen once anyone has consented; publish a new version instead'
)
