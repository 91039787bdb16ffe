import {
  envelopeOf,
  objectOf,
  type AreaPaths,
  type JsonSchema,
  type OperationSpec,
} from '#openapi/builders'
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
import { LOGIN_TYPES, USER_TYPES } from '#enums/user_type'

const schemaOf = (validator: { toJSONSchema(): unknown }) => validator.toJSONSchema() as JsonSchema

/** The same fields as query parameters that may be left out (they may come in the body instead). */
const optionalQuery = (schema: JsonSchema): JsonSchema => ({ ...schema, required: [] })

const uuid: JsonSchema = { type: 'string', format: 'uuid' }
const message: JsonSchema = { type: 'string' }

const registration = objectOf({
  id: uuid,
  email: { type: 'string', format: 'email' },
  userType: { enum: [...LOGIN_TYPES] },
})

const tokenProperties = {
  accessToken: { type: 'string', description: 'HS256 JWT, 15 minutes' },
  tokenType: { type: 'string', const: 'Bearer' },
  expiresIn: { type: 'integer', description: 'Seconds until the access token expires (900)' },
  refreshToken: { type: 'string', description: 'Opaque, 30 days, single use (rotated)' },
}

const tokens = objectOf(tokenProperties)

const signedIn = objectOf({
  user: objectOf({
    id: uuid,
    email: { type: 'string', format: 'email' },
    userType: { enum: [...LOGIN_TYPES] },
    role: { enum: [...USER_TYPES] },
  }),
  ...tokenProperties,
})

const tags = { auth: ['Accounts'], admin: ['Accounts: administration'] }

const noStore = 'Every answer, success or failure, carries `Cache-Control: no-store`.'

const invalid = {
  description: 'Invalid input: VALIDATION_FAILED with one entry per field in `error.fields`',
}
const weakPassword = {
  description:
    'VALIDATION_FAILED, or WEAK_PASSWORD when the password is common or equals the e-mail',
}
const throttled = {
  description: 'TOO_MANY_REQUESTS: rate limited',
  headers: { 'Retry-After': 'Seconds to wait' },
}
const unauthenticated = {
  description:
    'UNAUTHORIZED (no bearer token), INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REVOKED (password ' +
    'change or reset, type change, logout, refresh-token reuse)',
}
const deactivated = {
  description: 'ACCOUNT_DEACTIVATED: the token belongs to a deactivated account',
}
const headRefused = {
  description: 'METHOD_NOT_ALLOWED for HEAD: this GET changes state, so HEAD never runs it',
  headers: { Allow: 'GET, POST' },
}

/** The query-string form of a route the interface defines as GET, with its JSON twin as POST. */
function getAndPost(
  spec: Omit<OperationSpec, 'style' | 'query' | 'body'> & { schema: JsonSchema },
  bodyNote: string
): { get: OperationSpec; post: OperationSpec } {
  const { schema, ...rest } = spec
  const get: OperationSpec = {
    ...rest,
    style: 'envelope',
    query: schema,
    description: `${spec.description ?? ''}\n\nThe interface's form. Query strings end up in browser histories and proxy logs; prefer the POST form. A \`HEAD\` request is refused with 405.`,
    responses: { ...spec.responses, 405: headRefused },
  }
  const post: OperationSpec = {
    ...rest,
    summary: `${spec.summary} (JSON body, preferred)`,
    style: 'envelope',
    body: schema,
    description: `${spec.description ?? ''}\n\n${bodyNote}`,
  }
  return { get, post }
}

/** Account routes of interface section 4.2, plus refresh and logout. */
export const accountsPaths: AreaPaths = {
  '/auth/register': {
    post: {
      summary: 'Register an account and e-mail a verification code',
      description:
        'One account per (e-mail, user type); the e-mail is normalised (Unicode NFC, trimmed, ' +
        'lower-cased). A 6-digit code valid 10 minutes is e-mailed. Registering again an ' +
        'address and type that is not yet verified only sends a fresh code and returns the same ' +
        'id: the password is never changed by a registration (codes: one a minute, five an hour ' +
        'per account). `admin` creates an inactive account that cannot sign in until a Super ' +
        `Admin activates it. ${noStore}`,
      tags: tags.auth,
      auth: 'none',
      style: 'envelope',
      body: schemaOf(registerValidator),
      responses: {
        200: { description: 'Registered; code sent', schema: envelopeOf(registration) },
        400: weakPassword,
        409: { description: 'ACCOUNT_EXISTS: a verified account of this e-mail and type exists' },
        429: throttled,
      },
    },
  },
  '/auth/otp-verification': getAndPost(
    {
      summary: 'Verify the e-mail with the registration code',
      description:
        '`data: true` on success and for an account already verified. A wrong, expired, used ' +
        `or dead code (5 wrong tries) is a 400 INVALID_OTP, never \`data: false\`. ${noStore}`,
      tags: tags.auth,
      auth: 'none',
      schema: schemaOf(otpVerificationValidator),
      responses: {
        200: { description: 'Verified', schema: envelopeOf({ type: 'boolean', const: true }) },
        400: { description: 'VALIDATION_FAILED, or INVALID_OTP' },
        429: throttled,
      },
    },
    'Same fields as the query form.'
  ),
  '/auth/login': {
    post: {
      summary: 'Sign in: an access token and a refresh token',
      description:
        '`admin` signs in ADMIN and SUPER_ADMIN accounts. Unknown e-mail, wrong type and wrong ' +
        'password give one identical 401; only after the right password does the caller learn ' +
        'that the account is unverified or deactivated. Attempts are throttled: 5 per (e-mail, ' +
        'type) and 50 per client address in 15 minutes, each counted before the password is ' +
        'checked (so parallel requests cannot outrun the limit) and given back when it succeeds; ' +
        `a blocked window lasts at most 15 minutes. ${noStore}`,
      tags: tags.auth,
      auth: 'none',
      style: 'envelope',
      body: schemaOf(loginValidator),
      responses: {
        200: { description: 'Signed in', schema: envelopeOf(signedIn) },
        400: invalid,
        401: { description: 'INVALID_CREDENTIALS' },
        403: {
          description: 'EMAIL_NOT_VERIFIED, or ACCOUNT_DEACTIVATED (also: awaiting approval)',
        },
        429: throttled,
      },
    },
  },
  '/auth/refresh': {
    post: {
      summary: 'Exchange a refresh token for a new pair',
      description:
        'Each refresh token works once. Presenting one that was already exchanged is treated as ' +
        'theft: its whole session (family) is revoked, access tokens included. ' +
        noStore,
      tags: tags.auth,
      auth: 'none',
      style: 'envelope',
      body: schemaOf(refreshValidator),
      responses: {
        200: { description: 'A new pair', schema: envelopeOf(tokens) },
        400: invalid,
        401: { description: 'INVALID_REFRESH_TOKEN: unknown, expired, revoked or reused' },
        429: throttled,
      },
    },
  },
  '/auth/logout': {
    post: {
      summary: 'Sign out: end this session',
      description:
        'Revokes the session (refresh-token family) the access token was issued with: its ' +
        'refresh tokens and access tokens stop working at once. With `refreshToken`, the ' +
        'session of that token is ended too when it belongs to the same account. ' +
        noStore,
      tags: tags.auth,
      auth: 'bearer',
      roles: ['any signed-in account'],
      style: 'envelope',
      body: schemaOf(logoutValidator),
      responses: {
        200: { description: 'Signed out', schema: envelopeOf(message) },
        400: invalid,
        401: unauthenticated,
        403: deactivated,
      },
    },
  },
  '/auth/forget-password': getAndPost(
    {
      summary: 'E-mail a password-reset code',
      description:
        'Always 200 with the same message, in at least 250 ms, whether or not an account ' +
        'exists (so neither the answer nor its timing tells). With `userType`, ' +
        'the code is for that account; without it, one e-mail carries one code per account of ' +
        'the address, each bound to its own account. An account whose resend limit (one a ' +
        `minute, five an hour) is reached is silently skipped. ${noStore}`,
      tags: tags.auth,
      auth: 'none',
      schema: schemaOf(forgetPasswordValidator),
      responses: {
        200: { description: 'The same confirmation in every case', schema: envelopeOf(message) },
        400: invalid,
        429: throttled,
      },
    },
    'Same fields as the query form.'
  ),
  '/auth/reset-password': getAndPost(
    {
      summary: 'Set a new password with a reset code',
      description:
        'The code picks the account among those of the address; `userType`, when given, must ' +
        'match it. Success marks the e-mail verified, ends every session of the account and ' +
        `e-mails the account a "your password was changed" notice. ${noStore}`,
      tags: tags.auth,
      auth: 'none',
      schema: schemaOf(resetPasswordValidator),
      responses: {
        200: { description: 'Password changed', schema: envelopeOf(message) },
        400: { description: 'VALIDATION_FAILED, WEAK_PASSWORD, or INVALID_OTP' },
        429: throttled,
      },
    },
    'Same fields as the query form.'
  ),
  '/auth/change-password': {
    put: {
      summary: 'Change the password of the signed-in account',
      description:
        'Send `oldPassword` and `newPassword` in the JSON body (preferred) or, as the interface ' +
        'shows, in the query string. Success ends every session, the current one included, and ' +
        'e-mails the account a "your password was changed" notice. Five wrong current passwords ' +
        'in 15 minutes throttle the account; each try is counted before the password is checked. ' +
        noStore,
      tags: tags.auth,
      auth: 'bearer',
      roles: ['any signed-in account'],
      style: 'envelope',
      query: optionalQuery(schemaOf(changePasswordValidator)),
      body: schemaOf(changePasswordValidator),
      responses: {
        200: { description: 'Password changed', schema: envelopeOf(message) },
        400: {
          description:
            'VALIDATION_FAILED, INVALID_CURRENT_PASSWORD, PASSWORD_UNCHANGED or WEAK_PASSWORD',
        },
        401: unauthenticated,
        403: deactivated,
        429: throttled,
      },
    },
  },
  '/auth/{userId}/change-user-type': {
    put: {
      summary: "Change an account's user type",
      description:
        'Admins manage CUSTOMER and SELLER accounts; only a Super Admin manages ADMIN and ' +
        'SUPER_ADMIN accounts or grants those types. Nobody changes their own account. The ' +
        'account keeps its password; its tokens are revoked. The current type again is a no-op ' +
        `200. \`userType\` may also be sent in a JSON body. ${noStore}`,
      tags: tags.admin,
      auth: 'bearer',
      roles: ['ADMIN', 'SUPER_ADMIN'],
      style: 'envelope',
      pathParams: ['userId'],
      query: schemaOf(changeUserTypeValidator),
      responses: {
        200: { description: 'Changed', schema: envelopeOf(message) },
        400: invalid,
        401: unauthenticated,
        403: {
          description:
            'FORBIDDEN: not an administrator; CANNOT_MANAGE_SELF: own account; ' +
            'NOT_ALLOWED_TO_MANAGE: an administrator type without being Super Admin; ' +
            'ACCOUNT_DEACTIVATED for a deactivated caller',
        },
        404: { description: 'USER_NOT_FOUND (ROUTE_NOT_FOUND when the id is not a UUID)' },
        409: {
          description:
            'ACCOUNT_EXISTS: the e-mail already has an account of that type; LAST_SUPER_ADMIN',
        },
      },
    },
  },
  '/auth/{userId}/deactivate': {
    put: {
      summary: 'Deactivate an account',
      description:
        'The account can no longer sign in, and every token already issued stops working at ' +
        `once. Repeating it is a no-op 200. ${noStore}`,
      tags: tags.admin,
      auth: 'bearer',
      roles: ['ADMIN', 'SUPER_ADMIN'],
      style: 'envelope',
      pathParams: ['userId'],
      responses: {
        200: { description: 'Deactivated', schema: envelopeOf(message) },
        401: unauthenticated,
        403: {
          description:
            'FORBIDDEN: not an administrator; CANNOT_MANAGE_SELF: own account; ' +
            'NOT_ALLOWED_TO_MANAGE: an administrator account without being Super Admin; ' +
            'ACCOUNT_DEACTIVATED for a deactivated caller',
        },
        404: { description: 'USER_NOT_FOUND' },
        409: { description: 'LAST_SUPER_ADMIN: the last active Super Admin stays' },
      },
    },
  },
  '/auth/{userId}/activate': {
    put: {
      summary: 'Activate an account (also approves an admin registration)',
      description: `Repeating it is a no-op 200. Tokens revoked earlier stay revoked. ${noStore}`,
      tags: tags.admin,
      auth: 'bearer',
      roles: ['ADMIN', 'SUPER_ADMIN'],
      style: 'envelope',
      pathParams: ['userId'],
      responses: {
        200: { description: 'Activated', schema: envelopeOf(message) },
        401: unauthenticated,
        403: {
          description:
            'FORBIDDEN: not an administrator; CANNOT_MANAGE_SELF: own account; ' +
            'NOT_ALLOWED_TO_MANAGE: an administrator account without being Super Admin; ' +
            'ACCOUNT_DEACTIVATED for a deactivated caller',
        },
        404: { description: 'USER_NOT_FOUND' },
      },
    },
  },
}
