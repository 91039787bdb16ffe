import vine from '@vinejs/vine'
import { LOGIN_TYPES } from '#enums/user_type'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#services/accounts/password_rules'
import { emailAddress } from '#validators/email'
import { uuidField } from '#validators/uuid'

/*
| Account routes. E-mail addresses are normalised here (NFC, trimmed, lower-cased), so every
| lookup and every stored address is in one form. Password content rules (common list, not the e-mail) are
| checked by the services, which know the account.
*/

const email = emailAddress
const newPassword = () =>
  vine.string().minLength(PASSWORD_MIN_LENGTH).maxLength(PASSWORD_MAX_LENGTH)
/** An existing password is only compared, but an unbounded one would make hashing a DoS vector. */
const currentPassword = () => vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH)
const loginType = () => vine.enum(LOGIN_TYPES)
const otp = () => vine.string().trim().maxLength(16)

export const registerValidator = vine.create(
  vine.object({ email: email(), password: newPassword(), userType: loginType() })
)

export const loginValidator = vine.create(
  vine.object({ email: email(), password: currentPassword(), userType: loginType() })
)

export const otpVerificationValidator = vine.create(
  vine.object({ userId: uuidField(), otp: otp() })
)

export const forgetPasswordValidator = vine.create(
  vine.object({ email: email(), userType: loginType().optional() })
)

export const resetPasswordValidator = vine.create(
  vine.object({
    email: email(),
    otp: otp(),
    newPassword: newPassword(),
    userType: loginType().optional(),
  })
)

export const changePasswordValidator = vine.create(
  vine.object({ oldPassword: currentPassword(), newPassword: newPassword() })
)

export const refreshValidator = vine.create(
  vine.object({ refreshToken: vine.string().trim().minLength(1).maxLength(200) })
)

export const logoutValidator = vine.create(
  vine.object({ refreshToken: vine.string().trim().minLength(1).maxLength(200).optional() })
)
