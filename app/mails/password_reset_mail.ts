import { BaseMail } from '@adonisjs/mail'

/** Password-reset codes: one per account of the address, each naming its account type. */
export default class PasswordResetMail extends BaseMail {
  subject = 'Your password reset code'

  constructor(
    private payload: {
      email: string
      codes: Array<{ userType: string; code: string }>
      ttlMinutes: number
    }
  ) {
    super()
  }

  prepare() {
    const { email, codes, ttlMinutes } = this.payload
    const lines = codes.map(({ userType, code }) => `  ${userType} account: ${code}`)
    this.message
      .to(email)
      .text(
        `Use this code to reset your password:\n\n${lines.join('\n')}\n\n` +
          `Each code is valid for ${ttlMinutes} minutes and can be used once.\n` +
          'If you did not ask for a reset, ignore this e-mail; your password is unchanged.'
      )
      .htmlView('emails/password_reset', { codes, ttlMinutes })
  }
}
