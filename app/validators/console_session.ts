import vine from '@vinejs/vine'
import { PASSWORD_MAX_LENGTH } from '#services/accounts/password_rules'

/** The console's sign-in form: an administrator's e-mail and password. */
export const consoleLoginValidator = vine.create(
  vine.object({
    email: vine.string().trim().maxLength(254).email().toLowerCase(),
    password: vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH),
  })
)
