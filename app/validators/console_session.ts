import vine from '@vinejs/vine'
import { PASSWORD_MAX_LENGTH } from '#services/accounts/password_rules'
import { emailAddress } from '#validators/email'

/** The console's sign-in form: an administrator's e-mail and password. */
export const consoleLoginValidator = vine.create(
  vine.object({
    email: emailAddress(),
    password: vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH),
  })
)
