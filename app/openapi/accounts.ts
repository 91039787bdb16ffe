import {
  envelopeOf,
  ref,
  type AreaPaths,
  type JsonSchema,
  type OperationSpec,
} from '#openapi/builders'
import { ADMIN_ROLES, bearer } from '#openapi/audience'
import {
  changePasswordValidator,
  forgetPasswordValidator,
  loginValidator,
  logoutValidator,
  otpVerificationValidator,
  refreshValidator,
  registerValidator,
  resetPasswordValidator,
} from '#validators/auth'
import { changeUserTypeValidator } from '#validators/user'
import { FRAMEWORK_ERROR_DEFINITIONS as known } from '#exceptions/describe_error'
import {
  AccountDeactivated,
  AccountExists,
  CannotManageSelf,
  EmailNotVerified,
  InvalidCredentials,
  InvalidCurrentPassword,
  InvalidOtp,
  InvalidRefreshToken,
  LastSuperAdmin,
  NotAllowedToManage,
  PasswordUnchanged,
  TooManyCodeRequests,
  UserNotFound,
  WeakPassword,
} from '#exceptions/account_errors'

const schemaOf = (validator: { toJSONSchema(): unknown }) => validator.toJSONSchema() as JsonSchema

/** The same fields as query parameters that may be left out (they may come in the body instead). */
const optionalQuery = (schema: JsonSchema): JsonSchema => ({ ...schema, required: [] })

const message = envelopeOf({ type: 'string' })

const noStore = 'Every answer, success or failure, carries `Cache-Control: no-store`.'

/** The limit the unauthenticated account routes share (docs/api/accounts.md, "Rate limits"). */
const perAddress =
  'More than 30 unauthenticated account calls (register, otp-verification, refresh, ' +
  'forget-password and reset-password, GET and POST alike) in a minute from one client address.'

const auth = { tags: ['Accounts'], auth: 'none' as const, style: 'envelope' as const }
const admin = {
  ...bearer('Accounts: administration', ADMIN_ROLES, 'envelope'),
  pathParams: ['userId'],
}
const manageNotes = {
  403: 'Not an administrator; the own account; an administrator account without being Super Admin; a deactivated caller.',
}
const manageErrors = [UserNotFound, CannotManageSelf, NotAllowedToManage]

/** The query-string form of a route the interface defines as GET, with its JSON twin as POST. */
function getAndPost(
  spec: Omit<OperationSpec, 'style' | 'query' | 'body' | 'operationId'> & {
    schema: JsonSchema
    operationId: string
  },
  bodyNote: string
): { get: OperationSpec; post: OperationSpec } {
  const { schema, operationId, ...rest } = spec
  const get: OperationSpec = {
    ...rest,
    operationId: `${operationId}ByQuery`,
    style: 'envelope',
    query: schema,
    description: `${spec.description ?? ''}\n\nThe interface's form. Query strings end up in browser histories and proxy logs; prefer the POST form. A \`HEAD\` request is refused with 405 (\`Allow: GET, POST\`).`,
    errors: [...(spec.errors ?? []), known.methodNotAllowed],
    errorNotes: {
      ...spec.errorNotes,
      405: 'For HEAD: this GET changes state, so HEAD never runs it.',
    },
  }
  const post: OperationSpec = {
    ...rest,
    operationId,
    summary: `${spec.summary} (JSON body, preferred)`,
    style: 'envelope',
    body: schema,
    description: `${spec.description ?? ''}\n\n${bodyNote}`,
  }
  return { get, post }
}

/** Account routes (docs/api/accounts.md), plus refresh and logout. */
export const accountsPaths: AreaPaths = {
  '/auth/register': {
    post: {
      ...auth,
      operationId: 'register',
      summary: 'Register an account and e-mail a verification code',
      description:
        'One account per (e-mail, user type); the e-mail is normalised (Unicode NFC, trimmed, ' +
        'lower-cased). A 6-digit code valid 10 minutes is e-mailed. Registering again an ' +
        'address and type that is not yet verified only sends a fresh code and returns the same ' +
        'id: the password is never changed by a registration (otherwise anyone could set the ' +
        'password of an account whose owner is about to verify it); the password given is still ' +
        'checked against the password rules, then ignored. Registering again is also how to get a ' +
        'new verification code (codes: one a minute, five an hour per account; within the minute ' +
        'the answer is 429 and nothing changes). `admin` creates an inactive account that cannot ' +
        'sign in, even once verified (403 `ACCOUNT_DEACTIVATED`), until a Super Admin activates ' +
        `it. ${noStore}`,
      body: schemaOf(registerValidator),
      responses: {
        200: { description: 'Registered; code sent', schema: envelopeOf(ref('Registration')) },
      },
      errors: [WeakPassword, AccountExists, TooManyCodeRequests, known.tooManyRequests],
      errorNotes: {
        400: 'WEAK_PASSWORD when the password is common or equals the e-mail.',
        409: 'A verified account of this e-mail and type exists.',
        429: `A fresh code within the minute (or the sixth in an hour). ${perAddress}`,
      },
    },
  },
  '/auth/otp-verification': getAndPost(
    {
      ...auth,
      operationId: 'verifyEmail',
      summary: 'Verify the e-mail with the registration code',
      description:
        '`data: true` on success and for an account already verified (also when two identical ' +
        'requests race). A wrong, expired, used or dead code (5 wrong tries) is a 400 ' +
        'INVALID_OTP, never `data: false`; so is an unknown `userId`, so that account ids ' +
        `cannot be probed. ${noStore}`,
      schema: schemaOf(otpVerificationValidator),
      responses: {
        200: { description: 'Verified', schema: envelopeOf({ type: 'boolean', const: true }) },
      },
      errors: [InvalidOtp, known.tooManyRequests],
      errorNotes: { 429: perAddress },
    },
    'Same fields as the query form.'
  ),
  '/auth/login': {
    post: {
      ...auth,
      operationId: 'login',
      summary: 'Sign in: an access token and a refresh token',
      description:
        '`admin` signs in ADMIN and SUPER_ADMIN accounts (when an address holds both, the one ' +
        'whose password matches). Unknown e-mail, wrong type and wrong password give one ' +
        'identical 401, in at least 250 ms in every case (a dummy hash is checked when no ' +
        'account exists); only after the right password does the caller learn that the account ' +
        'is unverified or deactivated. Attempts are throttled: 5 per (e-mail, type) and 50 per ' +
        'client address, in fixed 15-minute windows that start with the first attempt and that ' +
        'no later attempt extends. Each attempt is counted before the password is checked (so ' +
        'parallel requests cannot outrun the limit); a successful one clears its (e-mail, type) ' +
        'counter and gives its unit back to the address, and one refused by the (e-mail, type) ' +
        'limit is given back to the address too. While a window is full every attempt, even ' +
        'with the right password, is 429, so the owner waits at most 15 minutes. Other types of ' +
        `the same address count separately. ${noStore}`,
      body: schemaOf(loginValidator),
      responses: { 200: { description: 'Signed in', schema: envelopeOf(ref('SignedIn')) } },
      errors: [InvalidCredentials, EmailNotVerified, AccountDeactivated, known.tooManyRequests],
      errorNotes: { 403: 'ACCOUNT_DEACTIVATED also while awaiting approval.' },
    },
  },
  '/auth/refresh': {
    post: {
      ...auth,
      operationId: 'refreshTokens',
      summary: 'Exchange a refresh token for a new pair',
      description:
        'Each refresh token works once; the answer carries its successor, in the same session. ' +
        'Presenting one that was already exchanged is treated as theft: its whole session ' +
        '(family) is revoked, access tokens included, and the security event ' +
        '`refresh_token.reused` is logged. Two clients racing with the same token therefore end ' +
        `the session; the user signs in again. ${noStore}`,
      body: schemaOf(refreshValidator),
      responses: { 200: { description: 'A new pair', schema: envelopeOf(ref('Tokens')) } },
      errors: [InvalidRefreshToken, known.tooManyRequests],
      errorNotes: {
        401: 'Unknown, expired, revoked or reused; or its account is deactivated or unverified.',
        429: perAddress,
      },
    },
  },
  '/auth/logout': {
    post: {
      ...auth,
      operationId: 'logout',
      summary: 'Sign out: end this session',
      description:
        'Revokes the session (refresh-token family) the access token was issued with: its ' +
        'refresh tokens and access tokens stop working at once. With `refreshToken`, the ' +
        "session of that token is ended too when it belongs to the same account (another account's " +
        'token is ignored). Other sessions of the account stay signed in; to end all of them, ' +
        'change the password. An access token without a session (`sid`, only minted outside ' +
        `login) has none to end: 200. ${noStore}`,
      auth: 'bearer',
      roles: ['any signed-in account'],
      body: schemaOf(logoutValidator),
      responses: { 200: { description: 'Signed out', schema: message } },
    },
  },
  '/auth/forget-password': getAndPost(
    {
      ...auth,
      operationId: 'requestPasswordReset',
      summary: 'E-mail a password-reset code',
      description:
        'Always 200 with the same message, in at least 250 ms, whether or not an account ' +
        'exists (so neither the answer nor its timing tells). With `userType`, ' +
        'the code is for that account (`admin`: the ADMIN and SUPER_ADMIN accounts of the ' +
        'address); without it, one e-mail carries one code per account of the address, each ' +
        'line naming its account type and each code bound to its own account. Deactivated and ' +
        'unverified accounts get a code too (a reset verifies the e-mail; a deactivated account ' +
        'still cannot sign in). An account whose resend limit (one a minute, five an hour) is ' +
        `reached is silently skipped; an unknown address sends nothing. ${noStore}`,
      schema: schemaOf(forgetPasswordValidator),
      responses: { 200: { description: 'The same confirmation in every case', schema: message } },
      errors: [known.tooManyRequests],
      errorNotes: { 429: perAddress },
    },
    'Same fields as the query form.'
  ),
  '/auth/reset-password': getAndPost(
    {
      ...auth,
      operationId: 'resetPassword',
      summary: 'Set a new password with a reset code',
      description:
        'The code picks the account among those of the address; `userType`, when given, must ' +
        'match it. A request without `userType` tests the code against every account of the ' +
        'address: the matching one is used; a miss counts one try against each live code. The ' +
        'new password is judged before the address is looked up, so `WEAK_PASSWORD` and ' +
        '`INVALID_OTP` answer the same for known and unknown addresses. Success sets the ' +
        'password, marks the e-mail verified, ends every session of the account and e-mails the ' +
        `account a "your password was changed" notice. ${noStore}`,
      schema: schemaOf(resetPasswordValidator),
      responses: { 200: { description: 'Password changed', schema: message } },
      errors: [WeakPassword, InvalidOtp, known.tooManyRequests],
      errorNotes: {
        400: 'INVALID_OTP: a wrong, expired, used or dead code, an unknown address, or a `userType` that is not the type of the code’s account.',
        429: perAddress,
      },
    },
    'Same fields as the query form.'
  ),
  '/auth/me': {
    get: {
      ...auth,
      operationId: 'getMe',
      summary: 'The signed-in account',
      description:
        'The account the access token belongs to: `userType` is lower-case as on the other ' +
        'account routes (`admin` for both administrator types); `emailVerified` is whether the ' +
        `address was confirmed. ${noStore}`,
      auth: 'bearer',
      roles: ['any signed-in account'],
      responses: { 200: { description: 'The account', schema: envelopeOf(ref('Me')) } },
    },
  },
  '/auth/change-password': {
    put: {
      ...auth,
      operationId: 'changePassword',
      summary: 'Change the password of the signed-in account',
      description:
        'Send `oldPassword` and `newPassword` in the JSON body (preferred) or, as the interface ' +
        'shows, in the query string. Success ends every session, the current one included, and ' +
        'e-mails the account a "your password was changed" notice. Five wrong current passwords ' +
        'in 15 minutes throttle the account (429), so a stolen access token cannot be used to ' +
        'guess the password; each try is counted before the password is checked and given back ' +
        'when it was right. Of two changes racing with the same current password one wins; the ' +
        'other gets `INVALID_CURRENT_PASSWORD`, or 401 `TOKEN_REVOKED` when it arrives after the ' +
        `first. ${noStore}`,
      auth: 'bearer',
      roles: ['any signed-in account'],
      query: optionalQuery(schemaOf(changePasswordValidator)),
      body: schemaOf(changePasswordValidator),
      responses: { 200: { description: 'Password changed', schema: message } },
      errors: [InvalidCurrentPassword, PasswordUnchanged, WeakPassword, known.tooManyRequests],
    },
  },
  '/auth/{userId}/change-user-type': {
    put: {
      ...admin,
      operationId: 'changeUserType',
      summary: "Change an account's user type",
      description:
        'Admins manage CUSTOMER and SELLER accounts; only a Super Admin manages ADMIN and ' +
        'SUPER_ADMIN accounts or grants those types. Nobody changes their own account. The ' +
        'account keeps its id, password, verification and activation; its tokens are revoked, ' +
        'and the user signs in again with the new login type. The current type again is a no-op ' +
        `200 that keeps the tokens. \`userType\` may also be sent in a JSON body. ${noStore}`,
      query: schemaOf(changeUserTypeValidator),
      responses: { 200: { description: 'Changed', schema: message } },
      errors: [...manageErrors, AccountExists, LastSuperAdmin],
      errorNotes: {
        ...manageNotes,
        409: 'The e-mail already has an account of that type, or the last active Super Admin would go.',
      },
    },
  },
  '/auth/{userId}/deactivate': {
    put: {
      ...admin,
      operationId: 'deactivateUser',
      summary: 'Deactivate an account',
      description:
        'The account can no longer sign in (403 `ACCOUNT_DEACTIVATED`), and every token already ' +
        'issued stops working at once. Repeating it is a no-op 200. Two Super Admins ' +
        'deactivating each other at the same moment leave exactly one active. ' +
        noStore,
      responses: { 200: { description: 'Deactivated', schema: message } },
      errors: [...manageErrors, LastSuperAdmin],
      errorNotes: manageNotes,
    },
  },
  '/auth/{userId}/activate': {
    put: {
      ...admin,
      operationId: 'activateUser',
      summary: 'Activate an account (also approves an admin registration)',
      description: `Repeating it is a no-op 200. Tokens revoked earlier stay revoked. ${noStore}`,
      responses: { 200: { description: 'Activated', schema: message } },
      errors: manageErrors,
      errorNotes: manageNotes,
    },
  },
}
