import { objectOf, uuid } from '#openapi/json_schema'
import { LOGIN_TYPES, USER_TYPES } from '#enums/user_type'

/** An address may hold non-ASCII letters (it is stored NFC-normalised), hence `idn-email`. */
const email = { type: 'string', format: 'idn-email' }

/** The response schema of `UserTransformer`'s `forRegistration` variant (user_transformer.ts). */
export const registrationSchema = objectOf({
  id: uuid,
  email,
  userType: { enum: [...LOGIN_TYPES] },
})

const tokenProperties = {
  accessToken: { type: 'string', description: 'HS256 JWT, 15 minutes' },
  tokenType: { type: 'string', const: 'Bearer' },
  expiresIn: { type: 'integer', description: 'Seconds until the access token expires (900)' },
  refreshToken: { type: 'string', description: 'Opaque, 30 days, single use (rotated)' },
}

/** A new token pair, as sign-in and refresh issue it. */
export const tokensSchema = objectOf(tokenProperties)

/** The response schema of login: the account (`UserTransformer`) and its tokens. */
export const signedInSchema = objectOf({
  user: objectOf({
    id: uuid,
    email,
    userType: { enum: [...LOGIN_TYPES] },
    role: { enum: [...USER_TYPES] },
  }),
  ...tokenProperties,
})
