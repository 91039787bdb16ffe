import { BaseMail } from '@adonisjs/mail'

/**
 * The notice that an account was erased (docs/api/privacy.md), so a person whose account was
 * erased by someone else finds out. The address it goes to is the one thing of the account left,
 * and only sealed in the outbox row until the mail is sent (`AccountErasureService`).
 */
export default class AccountErasedMail extends BaseMail {
  subject = 'Your account has been erased'

  constructor(
    private payload: {
      email: string
      accountType: string
      by: 'owner' | 'administrator'
      erasedAt: string
    }
  ) {
    super()
  }

  prepare() {
    const { email, accountType, by, erasedAt } = this.payload
    const who = by === 'owner' ? 'at your request' : 'by the store'
    const when = `${erasedAt.slice(0, 16).replace('T', ' ')} UTC`
    const lines = [
      `Your ${accountType} account was erased ${who} on ${when}.`,
      'Your e-mail address, password and saved addresses have been removed and the account can no ' +
        'longer be signed in to. Orders are kept for accounting, without your name, phone or address.',
      'This address is removed from our records once this message is sent. You may register ' +
        'again with it at any time as a new account.',
    ]
    this.message.to(email).text(lines.join('\n\n')).htmlView('emails/account_erased', { lines })
  }
}
