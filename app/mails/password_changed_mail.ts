import { BaseMail } from '@adonisjs/mail'

/**
 * The notice sent after a password change or reset, so an owner whose password was changed by
 * someone else finds out. It carries no code and no link: a reset starts from forget-password.
 */
export default class PasswordChangedMail extends BaseMail {
  subject = 'Your password was changed'

  constructor(
    private payload: {
      email: string
      accountType: string
      via: 'change' | 'reset'
      changedAt: string
    }
  ) {
    super()
  }

  prepare() {
    const { email, accountType, via, changedAt } = this.payload
    const how = via === 'reset' ? 'reset with a code sent to this address' : 'changed'
    const when = `${changedAt.slice(0, 16).replace('T', ' ')} UTC`
    this.message
      .to(email)
      .text(
        `The password of your ${accountType} account was ${how} on ${when}. ` +
          'Every session of the account has been signed out.\n\n' +
          'If this was you, there is nothing to do.\n' +
          'If it was not, ask for a password reset (forget password) at once to choose a new ' +
          'password, and tell the store.'
      )
      .htmlView('emails/password_changed', { accountType, how, when })
  }
}
