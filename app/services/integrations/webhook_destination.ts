import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import config from '@adonisjs/core/services/config'

/** A webhook URL checked for delivery: where to connect, fixed before the request is made. */
export interface CheckedDestination {
  url: URL
  /** The resolved address the request connects to (no second resolution: DNS rebinding). */
  address: string
  family: 4 | 6
}

/** Why a URL may not receive webhooks; the message is shown to the administrator. */
export class RefusedDestination extends Error {}

/**
 * True for an address on the public internet. ipaddr.js classifies it (IPv4-mapped IPv6 read as
 * the IPv4 address it carries): only `unicast` passes, so loopback, private, link-local (the
 * 169.254.169.254 metadata service), unique-local, carrier-grade NAT, multicast, reserved and the
 * IPv6 ranges that embed an IPv4 address (6to4, NAT64, Teredo) are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.process(address).range() === 'unicast'
}

function allowPrivate(): boolean {
  return config.get<boolean>('webhooks.allowPrivate', false)
}

/**
 * The URL's scheme as the current settings allow it: https always, http outside production (or
 * with WEBHOOK_ALLOW_PRIVATE), nothing else.
 */
export function refusalOfScheme(url: URL): string | null {
  if (url.protocol === 'https:') return null
  if (url.protocol !== 'http:') return 'The URL must use https'
  if (config.get<boolean>('webhooks.production', false) && !allowPrivate()) {
    return 'The URL must use https'
  }
  return null
}

/**
 * Resolves the URL's host and checks every address it resolves to (one private answer among
 * public ones is refused too); throws `RefusedDestination`. Called at registration and again
 * before each delivery, whose connection then goes to the address returned here.
 */
export async function checkDestination(target: string | URL): Promise<CheckedDestination> {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new RefusedDestination('The URL is not valid')
  }
  const schemeRefusal = refusalOfScheme(url)
  if (schemeRefusal) throw new RefusedDestination(schemeRefusal)
  if (url.username || url.password) {
    throw new RefusedDestination('The URL may not carry a user name or password')
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let answers: Array<{ address: string; family: number }>
  try {
    answers = await lookup(host, { all: true, verbatim: true })
  } catch {
    throw new RefusedDestination(`The host ${host} does not resolve`)
  }
  if (answers.length === 0) throw new RefusedDestination(`The host ${host} does not resolve`)
  if (!allowPrivate()) {
    const refused = answers.find((answer) => !isPublicAddress(answer.address))
    if (refused) {
      throw new RefusedDestination(
        `The host ${host} resolves to ${refused.address}, a private, loopback or link-local address`
      )
    }
  }
  const [first] = answers
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}
