import { domainErrors } from '#exceptions/domain_error'

/** Refusals of data export and erasure (docs/api/privacy.md). */
export const { AccountHasOpenBusiness, SuperAdminNotErasable, AccountAlreadyErased } = domainErrors(
  {
    AccountHasOpenBusiness: [
      409,
      'ACCOUNT_HAS_OPEN_BUSINESS',
      'The account has orders or returns still in progress, or a shop whose ledger balance is not zero; erase it once they are settled',
    ],
    SuperAdminNotErasable: [
      409,
      'SUPER_ADMIN_NOT_ERASABLE',
      'A Super Admin account cannot be erased; another Super Admin must change its type first',
    ],
    AccountAlreadyErased: [409, 'ACCOUNT_ALREADY_ERASED', 'This account has already been erased'],
  }
)
