import vine from '@vinejs/vine'
import { USER_TYPES } from '#enums/user_type'

/** `PUT /auth/{userId}/change-user-type?userType=SELLER` (also accepted in a JSON body). */
export const changeUserTypeValidator = vine.create(vine.object({ userType: vine.enum(USER_TYPES) }))
