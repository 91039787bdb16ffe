import { BaseMail } from '@adonisjs/mail'

/** The e-mail-verification code sent after registration. */
export default class VerificationCodeMail extends BaseMail {
  subject = 'Your verification code'

  constructor(
    private payload: { email: string; code: string; ttlMinutes: number; accountType?: string }
  ) {
    super()
  }

  prepare() {
    const { email, code, ttlMinutes, accountType } = this.payload
    // One address may hold several accounts; say which one this code verifies.
    const account = accountType ? ` for your ${accountType} account` : ''
    this.message
      .to(email)
      .text(
        `Your verification code${account} is ${code}.\n\n` +
          `It is valid for ${ttlMinutes} minutes and can be used once.\n` +
          'If you did not create an account, ignore this e-mail.'
      )
      .htmlView('emails/verification_code', { code, ttlMinutes, account })
  }
}
