import { BaseMail } from '@adonisjs/mail'

/** The e-mail-verification code sent after registration. */
export default class VerificationCodeMail extends BaseMail {
  subject = 'Your verification code'

  constructor(private payload: { email: string; code: string; ttlMinutes: number }) {
    super()
  }

  prepare() {
    const { email, code, ttlMinutes } = this.payload
    this.message
      .to(email)
      .text(
        `Your verification code is ${code}.\n\nIt is valid for ${ttlMinutes} minutes and can be used once.\n` +
          'If you did not create an account, ignore this e-mail.'
      )
      .htmlView('emails/verification_code', { code, ttlMinutes })
  }
}
