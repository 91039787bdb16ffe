import { BaseMail } from '@adonisjs/mail'

/**
 * Tells an administrator that a webhook endpoint was disabled after three days of failed
 * deliveries, so that someone fixes the receiver and enables it again.
 */
export default class WebhookEndpointDisabledMail extends BaseMail {
  subject = 'A webhook endpoint was disabled'

  constructor(
    private payload: {
      email: string
      endpointId: string
      url: string
      failingSince: string
    }
  ) {
    super()
  }

  prepare() {
    const { email, endpointId, url, failingSince } = this.payload
    const since = `${failingSince.slice(0, 16).replace('T', ' ')} UTC`
    this.message
      .to(email)
      .text(
        `The webhook endpoint ${url} (${endpointId}) has failed every delivery since ${since} ` +
          'and was disabled: it is sent no new events.\n\n' +
          'Fix the receiver, then enable the endpoint again in the admin console (Webhooks) or ' +
          'with PUT /api/v1/admin/webhooks/{id} {"enabled": true}; the deliveries it missed ' +
          'can be sent again from its delivery log.'
      )
  }
}
