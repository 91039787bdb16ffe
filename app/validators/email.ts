import vine from '@vinejs/vine'
import { normalizeEmail } from '#support/email_address'

/** Rewrites the field to the stored form of an address before any other rule sees it. */
const normalizedEmail = vine.createRule((value, _options, field) => {
  if (!field.isValid || typeof value !== 'string') return
  field.mutate(normalizeEmail(value), field)
})

/** An e-mail address field, in the form accounts are stored in (see `normalizeEmail`). */
export const emailAddress = () => vine.string().use(normalizedEmail()).maxLength(254).email()

/** Part of an address (a search filter), normalised the same way so it matches stored rows. */
export const emailFragment = () => vine.string().use(normalizedEmail()).maxLength(254)
