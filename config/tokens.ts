import env from '#start/env'
import string from '@adonisjs/core/helpers/string'

/** Lifetimes and claims of access and refresh tokens (docs/api/accounts.md). */
const tokensConfig = {
  jwtSecret: env.get('JWT_SECRET'),
  issuer: env.get('JWT_ISSUER', 'commerce-backend'),
  audience: env.get('JWT_AUDIENCE', 'commerce-api'),
  accessTokenTtlSeconds: string.seconds.parse(env.get('ACCESS_TOKEN_TTL', '15m')),
  refreshTokenTtlSeconds: string.seconds.parse(env.get('REFRESH_TOKEN_TTL', '30d')),
  otpTtlMinutes: env.get('OTP_TTL_MINUTES', 10),
}

export default tokensConfig
