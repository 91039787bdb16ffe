import { domainErrors } from '#exceptions/domain_error'

/** Refusals of the console's second factors (docs/api/console.md, "Second factors"). */
export const {
  InvalidSecondFactor,
  SignInExpired,
  TotpAlreadyEnrolled,
  TotpNotEnrolled,
  TotpSetupExpired,
  SecondFactorRequired,
  PasskeyNotFound,
  PasskeyNameTaken,
  PasskeyAlreadyRegistered,
  PasskeyRequestExpired,
} = domainErrors({
  InvalidSecondFactor: [401, 'INVALID_SECOND_FACTOR', 'That code or passkey was not accepted'],
  SignInExpired: [401, 'SIGN_IN_EXPIRED', 'The sign-in has expired; enter your password again'],
  TotpAlreadyEnrolled: [
    409,
    'TOTP_ALREADY_ENROLLED',
    'An authenticator app is already set up; remove it first to set up another',
  ],
  TotpNotEnrolled: [409, 'TOTP_NOT_ENROLLED', 'No authenticator app is set up'],
  TotpSetupExpired: [
    409,
    'TOTP_SETUP_EXPIRED',
    'The authenticator setup has expired; start it again',
  ],
  SecondFactorRequired: [
    409,
    'SECOND_FACTOR_REQUIRED',
    'A second factor is required: add another one before removing this one',
  ],
  PasskeyNotFound: [404, 'PASSKEY_NOT_FOUND', 'Passkey not found'],
  PasskeyNameTaken: [409, 'PASSKEY_NAME_TAKEN', 'You already have a passkey with this name'],
  PasskeyAlreadyRegistered: [
    409,
    'PASSKEY_ALREADY_REGISTERED',
    'This passkey is already registered',
  ],
  PasskeyRequestExpired: [
    409,
    'PASSKEY_REQUEST_EXPIRED',
    'The passkey request has expired; try again',
  ],
})
