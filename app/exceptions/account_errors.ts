import { defineDomainError } from '#exceptions/domain_error'

/** Refusals of the account and token rules (docs/api/accounts.md). */
export const InvalidCredentials = defineDomainError(
  401,
  'INVALID_CREDENTIALS',
  'Invalid e-mail, password or user type'
)
export const InvalidToken = defineDomainError(401, 'INVALID_TOKEN', 'The access token is invalid')
export const TokenExpired = defineDomainError(401, 'TOKEN_EXPIRED', 'The access token has expired')
export const TokenRevoked = defineDomainError(
  401,
  'TOKEN_REVOKED',
  'The token has been revoked; sign in again'
)
export const InvalidRefreshToken = defineDomainError(
  401,
  'INVALID_REFRESH_TOKEN',
  'The refresh token is invalid, expired or revoked'
)
export const EmailNotVerified = defineDomainError(
  403,
  'EMAIL_NOT_VERIFIED',
  'Verify your e-mail address before signing in'
)
export const AccountDeactivated = defineDomainError(
  403,
  'ACCOUNT_DEACTIVATED',
  'This account is deactivated or awaiting approval'
)
export const AccountExists = defineDomainError(
  409,
  'ACCOUNT_EXISTS',
  'An account with this e-mail and user type already exists'
)
export const InvalidOtp = defineDomainError(
  400,
  'INVALID_OTP',
  'The code is wrong, expired or already used'
)
export const InvalidCurrentPassword = defineDomainError(
  400,
  'INVALID_CURRENT_PASSWORD',
  'The current password is wrong'
)
export const WeakPassword = defineDomainError(
  400,
  'WEAK_PASSWORD',
  'The password does not meet the password rules'
)
export const PasswordUnchanged = defineDomainError(
  400,
  'PASSWORD_UNCHANGED',
  'The new password must differ from the current one'
)
export const UserNotFound = defineDomainError(404, 'USER_NOT_FOUND', 'User not found')
export const CannotManageSelf = defineDomainError(
  403,
  'CANNOT_MANAGE_SELF',
  'You cannot change your own account this way'
)
export const NotAllowedToManage = defineDomainError(
  403,
  'NOT_ALLOWED_TO_MANAGE',
  'Only a Super Admin may manage or grant administrator accounts'
)
export const LastSuperAdmin = defineDomainError(
  409,
  'LAST_SUPER_ADMIN',
  'The last active Super Admin cannot be demoted or deactivated'
)
export const TooManyCodeRequests = defineDomainError(
  429,
  'TOO_MANY_REQUESTS',
  'Too many codes requested; try again later'
)
