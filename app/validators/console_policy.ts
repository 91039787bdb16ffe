import vine from '@vinejs/vine'
import { POLICY_TYPES } from '#enums/policy_type'

/** The console's new-version form: which type it starts from (query string). */
export const policyDraftValidator = vine.create(
  vine.object({
    type: vine.enum(POLICY_TYPES).optional(),
  })
)
