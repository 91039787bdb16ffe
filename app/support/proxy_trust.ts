import proxyAddr from 'proxy-addr'

/** Decides whether the hop at `address`, `hop` steps from this server, is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean

/**
 * Reads `TRUST_PROXY` with the semantics of proxy-addr (and Express): `false` (or empty) trusts no
 * proxy, so `X-Forwarded-For` is ignored; `true` trusts every hop, so any client can forge its
 * address; a whole number trusts that many hops in front of the server; anything else is a comma
 * list of addresses, CIDR ranges and the names `loopback`, `linklocal` and `uniquelocal`. A value
 * proxy-addr cannot read throws, naming it.
 */
export function compileProxyTrust(setting: string | undefined): ProxyTrust {
  const value = (setting ?? '').trim().toLowerCase()
  if (value === '' || value === 'false') return () => false
  if (value === 'true') return () => true
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  const entries = value.split(',').map((entry) => entry.trim())
  try {
    return proxyAddr.compile(entries)
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be false, true, a hop count, or a comma list of addresses, CIDR ranges, ` +
        `loopback, linklocal or uniquelocal; got "${value}" (${(error as Error).message})`
    )
  }
}
