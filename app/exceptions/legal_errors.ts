import { domainErrors } from '#exceptions/domain_error'

/** Refusals of the policy and consent rules (docs/api/legal.md). */
export const {
  PolicyNotFound,
  PolicyVersionExists,
  PolicyVersionConflict,
  PolicyInactive,
  PolicyLocked,
} = domainErrors({
  PolicyNotFound: [404, 'POLICY_NOT_FOUND', 'Policy not found'],
  PolicyVersionExists: [
    409,
    'POLICY_VERSION_EXISTS',
    'This version already exists for this policy type',
  ],
  PolicyVersionConflict: [
    409,
    'POLICY_VERSION_CONFLICT',
    'The version must be greater than every existing version of this policy type',
  ],
  PolicyInactive: [409, 'POLICY_INACTIVE', 'This policy has been deactivated'],
  PolicyLocked: [
    409,
    'POLICY_LOCKED',
    'Content and version are frozen once anyone has consented; publish a new version instead',
  ],
})
