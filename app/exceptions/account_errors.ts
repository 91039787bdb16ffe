import { domainErrors } from '#exceptions/domain_error'

/** Refusals of the account and token rules (docs/api/accounts.md). */
export const {
  InvalidCredentials,
  InvalidToken,
  TokenExpired,
  TokenRevoked,
  InvalidRefreshToken,
  EmailNotVerified,
  AccountDeactivated,
  AccountExists,
  InvalidOtp,
  InvalidCurrentPassword,
  WeakPassword,
  PasswordUnchanged,
  UserNotFound,
  CannotManageSelf,
  NotAllowedToManage,
  LastSuperAdmin,
  TooManyCodeRequests,
} = domainErrors({
  InvalidCredentials: [401, 'INVALID_CREDENTIALS', 'Invalid e-mail, password or user type'],
  InvalidToken: [401, 'INVALID_TOKEN', 'The access token is invalid'],
  TokenExpired: [401, 'TOKEN_EXPIRED', 'The access token has expired'],
  TokenRevoked: [401, 'TOKEN_REVOKED', 'The token has been revoked; sign in again'],
  InvalidRefreshToken: [
    401,
    'INVALID_REFRESH_TOKEN',
    'The refresh token is invalid, expired or revoked',
  ],
  EmailNotVerified: [403, 'EMAIL_NOT_VERIFIED', 'Verify your e-mail address before signing in'],
  AccountDeactivated: [
    403,
    'ACCOUNT_DEACTIVATED',
    'This account is deactivated or awaiting approval',
  ],
  AccountExists: [
    409,
    'ACCOUNT_EXISTS',
    'An account with this e-mail and user type already exists',
  ],
  InvalidOtp: [400, 'INVALID_OTP', 'The code is wrong, expired or already used'],
  InvalidCurrentPassword: [400, 'INVALID_CURRENT_PASSWORD', 'The current password is wrong'],
  WeakPassword: [400, 'WEAK_PASSWORD', 'The password does not meet the password rules'],
  PasswordUnchanged: [
    400,
    'PASSWORD_UNCHANGED',
    'The new password must differ from the current one',
  ],
  UserNotFound: [404, 'USER_NOT_FOUND', 'User not found'],
  CannotManageSelf: [403, 'CANNOT_MANAGE_SELF', 'You cannot change your own account this way'],
  NotAllowedToManage: [
    403,
    'NOT_ALLOWED_TO_MANAGE',
    'Only a Super Admin may manage or grant administrator accounts',
  ],
  LastSuperAdmin: [
    409,
    'LAST_SUPER_ADMIN',
    'The last active Super Admin cannot be demoted or deactivated',
  ],
  TooManyCodeRequests: [429, 'TOO_MANY_REQUESTS', 'Too many codes requested; try again later'],
})
