import type { Message } from '@adonisjs/mail'

/**
 * What every order mail to the customer says after the placement (docs/api/returns.md, "Mail"):
 * a subject, paragraphs, and optionally a list (units, tracking). One layout renders all of them,
 * `emails/order_notice`, and the same content is the plain-text version, so the two never differ.
 */
export interface OrderNotice {
  subject: string
  paragraphs: string[]
  list?: string[]
  /** A link shown after the paragraphs (a tracking page). */
  link?: { label: string; url: string } | null
}

/** Writes `notice` to `email` into the message: subject, plain text and HTML. */
export function composeNotice(message: Message, email: string, notice: OrderNotice) {
  const list = notice.list ?? []
  const [lead = '', ...rest] = notice.paragraphs
  const blocks = [
    lead,
    ...(list.length > 0 ? [list.map((line) => `  ${line}`).join('\n')] : []),
    ...rest,
    ...(notice.link ? [`${notice.link.label}: ${notice.link.url}`] : []),
  ]
  message
    .to(email)
    .subject(notice.subject)
    .text(blocks.join('\n\n') + '\n')
    .htmlView('emails/order_notice', {
      lead,
      list,
      rest,
      link: notice.link ?? null,
    })
}
