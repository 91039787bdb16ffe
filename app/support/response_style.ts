/** How a route answers: the interface's envelope, RFC 9457 problem details, or console HTML. */
export type ResponseStyle = 'envelope' | 'problem' | 'console'

/** Account (`/auth/...`) and policy (`/policy...`) routes use the envelope; the console uses HTML. */
export function responseStyleFor(path: string): ResponseStyle {
  if (path === '/auth' || path.startsWith('/auth/') || path.startsWith('/policy')) return 'envelope'
  if (path === '/admin' || path.startsWith('/admin/')) return 'console'
  return 'problem'
}
