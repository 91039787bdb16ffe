import vine from '@vinejs/vine'
import { PASSWORD_MAX_LENGTH } from '#services/accounts/password_rules'
import { fromForm } from '#validators/form'

/*
| Data export and erasure (docs/api/privacy.md). The export takes no input.
*/

/** DELETE /auth/me: the current password, bounded like every password only compared. */
export const eraseOwnAccountValidator = vine.create(
  vine.object({ password: vine.string().minLength(1).maxLength(PASSWORD_MAX_LENGTH) })
)

/**
 * The console's erasure form: the box saying the administrator understands the erasure cannot be
 * undone must be ticked (a browser sends `on`, or nothing when it is not).
 */
export const eraseAccountFormValidator = vine.create(
  vine.object({ confirm: vine.accepted() }).parse(fromForm((fields) => fields))
)
