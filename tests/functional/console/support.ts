import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import type User from '#models/user'
import type { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { CONSOLE_SIGNED_IN_AT, CONSOLE_TOKEN_VERSION } from '#middleware/console_auth_middleware'

/** A page's query string; an undefined value is left out. */
export type Query = Record<string, string | number | undefined>

/** Form fields as a browser sends them. */
export type FormFields = Record<string, string>

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

/** A console session of one account inside a test: the pages it opens and the forms it posts. */
export class ConsoleVisitor {
  constructor(
    readonly user: User,
    private readonly client: ApiClient,
    private readonly assert: Assert
  ) {}

  /** A GET of `path` in the session, answered without following redirects. */
  get(path: string, qs: Query = {}): ApiRequest {
    return signedIn(this.client.get(path).qs(qs), this.user)
  }

  /** Opens `path`, asserts a 200 HTML page and returns its markup. */
  async page(path: string, qs: Query = {}): Promise<string> {
    return expectPage(this.assert, await this.get(path, qs))
  }

  /** Opens the form page `path` as a browser does after a refusal: carrying `flash` along. */
  async pageWithFlash(path: string, flash: Record<string, any>): Promise<string> {
    return expectPage(this.assert, await this.get(path).withFlashMessages(flash))
  }

  /** Opens `path` and asserts an error page of `status` that says `message`. */
  async expectErrorPage(path: string, status: number, message: string, qs: Query = {}) {
    const response = await this.get(path, qs)
    response.assertStatus(status)
    this.assert.include(response.text(), message)
  }

  /** Posts `form` (or an empty form) to `path` as sent from the console page `from`. */
  async post(path: string, from: string, form?: FormFields): Promise<ApiResponse> {
    const request = submitted(this.client.post(path), this.user, from)
    return form === undefined ? request : request.form(form)
  }

  /** Posts like `post`, asserts a redirect to `location` and returns its flash messages. */
  async submit(path: string, from: string, location: string, form?: FormFields) {
    return expectRedirect(this.assert, await this.post(path, from, form), location)
  }

  /**
   * Posts a form the console must refuse: asserts it goes back to `from` with the flash `error`,
   * and that `stored()` (the rows the form would change, as plain values) reads the same after
   * as before. Returns the flash messages, for the fields' own messages and the input kept.
   */
  async expectRefused(
    path: string,
    { from, form, error, stored }: RefusedForm
  ): Promise<Record<string, any>> {
    const before = await stored()
    const flash = await this.submit(path, from, from, form)
    if (typeof error === 'string') this.assert.equal(flash.error, error)
    else this.assert.match(flash.error, error)
    this.assert.deepEqual(await stored(), before, 'a refused form changes nothing')
    return flash
  }
}

/** What `ConsoleVisitor.expectRefused` sends and expects. */
export interface RefusedForm {
  /** The page the form is on, where the refusal sends the browser back. */
  from: string
  form?: FormFields
  /** The flash error, or a pattern it matches. */
  error: string | RegExp
  /** Reads the stored rows the form must leave alone, as comparable plain values. */
  stored: () => Promise<unknown>
}

/** A fresh verified account of `type`, signed in to the console, for the test's `client` and `assert`. */
export async function consoleAs(
  type: UserType,
  { client, assert }: { client: ApiClient; assert: Assert }
): Promise<ConsoleVisitor> {
  return new ConsoleVisitor(await makeUser(type), client, assert)
}
