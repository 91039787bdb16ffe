/**
 * Reads `CORS_ORIGINS`: a comma list of exact origins (`https://shop.example.com`,
 * `http://localhost:5173`) whose browser pages may call the API. Empty or unset allows none. Each
 * entry must be an http(s) origin written exactly as a browser sends it in `Origin` (scheme, host
 * and a non-default port; no path, no trailing slash, no wildcard), because browsers compare it
 * byte for byte; anything else throws, naming the entry.
 */
export function parseCorsOrigins(setting: string | undefined): string[] {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  for (const entry of entries) {
    let origin: string | undefined
    try {
      const url = new URL(entry)
      // URL accepts `*` in a host name, but no browser sends one: a wildcard would never match.
      const isWeb = url.protocol === 'http:' || url.protocol === 'https:'
      if (isWeb && !url.hostname.includes('*')) origin = url.origin
    } catch {}
    if (origin !== entry) {
      throw new Error(
        `CORS_ORIGINS must be a comma list of origins such as https://shop.example.com ` +
          `(scheme, host and port only, lower case, no path or trailing slash)` +
          (origin ? `; write "${origin}" instead of "${entry}"` : `; got "${entry}"`)
      )
    }
  }
  return [...new Set(entries)]
}
