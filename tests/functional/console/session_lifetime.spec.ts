/*
| Console sessions live in the real session store (the database, or Redis when REDIS_URL is set),
| not in the memory store the rest of the console suite uses through Japa's session plugin. The
| session middleware is swapped for one configured with the real store, and a small cookie jar
| plays the browser: every request below goes through HTTP, sign-in and CSRF included.
*/
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import encryption from '@adonisjs/core/services/encryption'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import type { SessionConfig, SessionStoreContract } from '@adonisjs/session/types'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import {
  CONSOLE_SESSION_LIFETIME_MS,
  CONSOLE_SIGNED_IN_AT,
} from '#middleware/console_auth_middleware'
import { makeUser } from '#tests/helpers/actors'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

const COOKIE = 'console-session'
const IDLE_MS = 30 * 60 * 1000
const realStoreName = env.get('REDIS_URL') ? 'redis' : 'database'

type ResolvedSessionConfig = SessionConfig & {
  store: string
  stores: Record<string, (ctx: unknown, config: SessionConfig) => SessionStoreContract>
}

/** The session config with the real store selected, and that store, to read and edit sessions. */
async function realSessionStore() {
  const resolved = (await configProvider.resolve(
    app,
    app.config.get('session')
  )) as ResolvedSessionConfig
  const config = { ...resolved, store: realStoreName }
  return { config, store: config.stores[realStoreName](undefined, config) }
}

/** A browser's cookie jar over fetch: keeps what the server sets, sends it back. */
class ConsoleBrowser {
  cookies = new Map<string, string>()

  async get(path: string) {
    return this.#send(path, { method: 'GET' })
  }

  async post(path: string, form: Record<string, string>) {
    return this.#send(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
  }

  /** The session id the console cookie names (the cookie is signed, not secret). */
  sessionId(): string {
    const raw = decodeURIComponent(this.cookies.get(COOKIE) ?? '')
    return encryption.getMessageVerifier().unsign<string>(raw.slice(2), COOKIE)!
  }

  async #send(path: string, init: RequestInit) {
    const response = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}${path}`, {
      ...init,
      headers: { ...init.headers, Cookie: this.#cookieHeader() },
      redirect: 'manual',
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const value = pair.slice(separator + 1)
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      html: await response.text(),
    }
  }

  #cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** The CSRF token of the first form on a page. */
function csrfOf(html: string): string {
  const match = html.match(/name=['"]_csrf['"]\s+value=['"]([^'"]+)['"]/)
  if (!match) throw new Error('no CSRF field on the page')
  return match[1]
}

test.group('Console sessions in the real store', (group) => {
  let admin: User
  let store: SessionStoreContract

  group.setup(async () => {
    const real = await realSessionStore()
    store = real.store
    const emitter = await app.container.make('emitter')
    app.container.swap(SessionMiddleware, () => new SessionMiddleware(real.config, emitter))
    return () => app.container.restore(SessionMiddleware)
  })

  group.each.setup(async () => {
    admin = await makeUser(UserType.ADMIN)
    return async () => {
      await User.query().where('id', admin.id).delete()
    }
  })

  /** Signs in through the form; answers the browser holding the new session. */
  async function signIn() {
    const browser = new ConsoleBrowser()
    const form = await browser.get(urlFor('console.login'))
    const signedIn = await browser.post(formAction('console.login.store'), {
      _csrf: csrfOf(form.html),
      email: admin.email,
      password: FACTORY_PASSWORD,
    })
    if (signedIn.location !== urlFor('console.dashboard'))
      throw new Error(`sign-in failed: ${signedIn.status}`)
    return browser
  }

  /** A second browser holding a copy of the first one's cookies. */
  function copyOf(browser: ConsoleBrowser) {
    const thief = new ConsoleBrowser()
    thief.cookies = new Map(browser.cookies)
    return thief
  }

  async function dashboardStatus(browser: ConsoleBrowser) {
    const page = await browser.get(urlFor('console.dashboard'))
    return page.status === 302 ? `302 ${page.location}` : String(page.status)
  }

  test('the session is kept server-side, in the configured store', async ({ assert }) => {
    const browser = await signIn()
    const stored = await store.read(browser.sessionId())
    assert.isNotNull(stored)
    assert.equal(stored![CONSOLE_SIGNED_IN_AT] !== undefined, true)
    if (realStoreName === 'database') {
      const row = await db.from('sessions').where('id', browser.sessionId()).first()
      assert.exists(row)
    }
  })

  test('a cookie copied before sign-out is refused after it', async ({ assert }) => {
    const browser = await signIn()
    const thief = copyOf(browser)
    assert.equal(await dashboardStatus(thief), '200')

    const dashboard = await browser.get(urlFor('console.dashboard'))
    const signedOut = await browser.post(formAction('console.logout'), {
      _csrf: csrfOf(dashboard.html),
    })
    assert.equal(signedOut.location, urlFor('console.login'))
    assert.isNull(await store.read(thief.sessionId()), 'the stored session is gone')

    assert.equal(await dashboardStatus(thief), `302 ${urlFor('console.login')}`)
    assert.equal(await dashboardStatus(browser), `302 ${urlFor('console.login')}`)
  })

  test('30 idle minutes end the session; activity moves the limit ahead', async ({ assert }) => {
    const browser = await signIn()
    const id = browser.sessionId()

    // 29 minutes idle: still open, and the request moves the expiry 30 minutes ahead again.
    await moveExpiry(id, IDLE_MS - 60_000)
    assert.equal(await dashboardStatus(browser), '200')
    assert.isAbove(await remainingMs(id), IDLE_MS - 60_000)

    await moveExpiry(id, -1000)
    assert.equal(await dashboardStatus(browser), `302 ${urlFor('console.login')}`)
    assert.notProperty((await store.read(id)) ?? {}, CONSOLE_SIGNED_IN_AT)
  })

  test('8 hours after sign-in the session ends, however active', async ({ assert }) => {
    const browser = await signIn()
    const id = browser.sessionId()
    const values = (await store.read(id))!

    await store.write(id, {
      ...values,
      [CONSOLE_SIGNED_IN_AT]: Date.now() - CONSOLE_SESSION_LIFETIME_MS + 60_000,
    })
    assert.equal(await dashboardStatus(browser), '200')

    await store.write(id, {
      ...values,
      [CONSOLE_SIGNED_IN_AT]: Date.now() - CONSOLE_SESSION_LIFETIME_MS - 1000,
    })
    assert.equal(await dashboardStatus(browser), `302 ${urlFor('console.login')}`)
    assert.isNull(await store.read(id))
  })
})

/** Sets the stored session to expire `fromNowMs` from now, as that much idle time would. */
async function moveExpiry(sessionId: string, fromNowMs: number) {
  if (realStoreName === 'database') {
    await db
      .from('sessions')
      .where('id', sessionId)
      .update({ expires_at: new Date(Date.now() + fromNowMs) })
    return
  }
  const redis = await app.container.make('redis')
  if (fromNowMs <= 0) await redis.del(sessionId)
  else await redis.pexpire(sessionId, fromNowMs)
}

/** How long the stored session has left before it expires. */
async function remainingMs(sessionId: string): Promise<number> {
  if (realStoreName === 'database') {
    const row = await db.from('sessions').where('id', sessionId).firstOrFail()
    return new Date(row.expires_at).getTime() - Date.now()
  }
  const redis = await app.container.make('redis')
  return redis.pttl(sessionId)
}
