import { setTimeout as sleep } from 'node:timers/promises'
import type { Cluster } from './cluster.js'
import { label, sendPatiently } from './http.js'

/** The password of every account the harness creates. */
export const PASSWORD = 'Cluster-Shopper-Pass-7713'

/** A signed-in account. */
export interface Account {
  id: string
  email: string
  /** The client address its requests come from, as the proxy reports it. */
  address: string
  token: string
  refreshToken: string
}

/** A distinct client address for the `index`th account. */
export function addressOf(index: number) {
  return `10.${20 + Math.floor(index / 250)}.${index % 250}.${1 + (index % 7)}`
}

/** The verification code mailed to `email`, once the mail worker has sent it. */
export async function mailedCode(cluster: Cluster, email: string): Promise<string> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    for (const message of cluster.smtp.to(email)) {
      const code = message.raw.match(/Your verification code(?: for your \w+ account)? is (\d{6})/)
      if (code) return code[1]
    }
    await sleep(200)
  }
  throw new Error(`no verification code reached ${email}`)
}

/** Registers an account through `base`, verifies it with the mailed code and signs in. */
export async function signUp(
  cluster: Cluster,
  base: string,
  email: string,
  userType: 'customer' | 'seller',
  address: string
): Promise<Account> {
  const registered = await sendPatiently(base, 'POST', '/auth/register', {
    json: { email, password: PASSWORD, userType },
    address,
  })
  if (registered.status !== 200) throw new Error(`register ${email}: ${label(registered)}`)
  const otp = await mailedCode(cluster, email)
  const verified = await sendPatiently(base, 'POST', '/auth/otp-verification', {
    json: { userId: registered.body.data.id, otp },
    address,
  })
  if (verified.status !== 200) throw new Error(`verify ${email}: ${label(verified)}`)
  return signIn(base, email, PASSWORD, userType, address)
}

/** Signs in through `base`. */
export async function signIn(
  base: string,
  email: string,
  password: string,
  userType: 'customer' | 'seller' | 'admin',
  address: string
): Promise<Account> {
  const reply = await sendPatiently(base, 'POST', '/auth/login', {
    json: { email, password, userType },
    address,
  })
  if (reply.status !== 200) throw new Error(`login ${email}: ${label(reply)}`)
  return {
    id: reply.body.data.user.id,
    email,
    address,
    token: reply.body.data.accessToken,
    refreshToken: reply.body.data.refreshToken,
  }
}
