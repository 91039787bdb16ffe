import type { ApiRequest, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import { CONSOLE_SIGNED_IN_AT, CONSOLE_TOKEN_VERSION } from '#middleware/console_auth_middleware'

/** A request from a console session `user` signed in to, answered without following redirects. */
export function signedIn(request: ApiRequest, user: User): ApiRequest {
  return request
    .withGuard('web')
    .loginAs(user)
    .withSession({ [CONSOLE_TOKEN_VERSION]: user.tokenVersion, [CONSOLE_SIGNED_IN_AT]: Date.now() })
    .redirects(0)
}

/**
 * A form posted from the console page `from` by `user`, with its CSRF token: a refusal sends the
 * browser back to `from`.
 */
export function submitted(request: ApiRequest, user: User, from: string): ApiRequest {
  return signedIn(request, user).withCsrfToken().header('Referer', `http://localhost${from}`)
}

/** Asserts a redirect to `location` and returns the flash messages it carries. */
export function expectRedirect(assert: Assert, response: ApiResponse, location: string) {
  assert.equal(response.status(), 302, `expected a redirect, got ${response.status()}`)
  assert.equal(response.header('location'), location)
  return response.flashMessages() as Record<string, any>
}

/** Asserts a 200 HTML page and returns its markup. */
export function expectPage(assert: Assert, response: ApiResponse): string {
  assert.equal(response.status(), 200, `expected a page, got ${response.status()}`)
  assert.include(response.header('content-type') ?? '', 'text/html')
  return response.text()
}

/** The visible text of markup: tags dropped, entities of the console's pages decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The markup of the one table row containing `marker` (an id, a code); fails if none. */
export function rowHtml(assert: Assert, html: string, marker: string): string {
  const rows = html.match(/<tr[\s>][\s\S]*?<\/tr>/g) ?? []
  const matching = rows.filter((row) => row.includes(marker))
  assert.lengthOf(matching, 1, `expected one table row containing ${marker}`)
  return matching[0]
}

/** The text of the one table row whose markup contains `marker` (an id, a code); fails if none. */
export function rowText(assert: Assert, html: string, marker: string): string {
  return textOf(rowHtml(assert, html, marker))
}
