/*
| Shared steps of the account tests. Codes are never predictable: a test reads the code the
| service mailed from the outbox row it wrote, its sealed secret opened as the mail worker opens
| it (`code`, or `codes` for a reset).
*/
import { createHash, randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { expectEnvelopeError, withoutRequestId } from '#tests/helpers/responses'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import OutboxMessage from '#models/outbox_message'
import { openSecret } from '#services/mail/outbox_secret'
import User from '#models/user'
import { sqlTime } from '#support/sql_time'
import type { LoginType } from '#enums/user_type'
import type { CodePurpose } from '#enums/code_purpose'

/** Passwords that pass every password rule. */
export const PASSWORD = 'Quiet-Lantern-4821'
export const OTHER_PASSWORD = 'Amber-Harbour-7305'

/** A fresh address nobody else in the run uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.com`
}

/**
 * What the one pending mail of `kind` to `email` is built from (its payload with its sealed codes
 * opened); the row is removed, so the next is found.
 */
export async function takeMail(
  kind: 'verification_code' | 'password_reset' | 'password_changed',
  email: string
): Promise<Record<string, any>> {
  const rows = await OutboxMessage.query().where('kind', kind).where('status', 'PENDING')
  const pending = rows.filter((message) => message.payload.email === email)
  if (pending.length !== 1) {
    throw new Error(`expected one pending ${kind} mail to ${email}, found ${pending.length}`)
  }
  await pending[0].delete()
  return { ...pending[0].payload, ...openSecret(pending[0])?.fields }
}

/** How many mails of `kind` to `email` the outbox holds. */
export async function mailCount(kind: string, email: string): Promise<number> {
  const rows = await OutboxMessage.query().where('kind', kind)
  return rows.filter((message) => message.payload.email === email).length
}

/** POST /auth/register. */
export function register(
  client: ApiClient,
  email: string,
  userType: LoginType = 'customer',
  password = PASSWORD
) {
  return client.post('/auth/register').json({ email, password, userType })
}

/** Registers through HTTP and verifies the e-mail with the mailed code; returns the account. */
export async function registerVerified(
  client: ApiClient,
  email: string,
  userType: LoginType = 'customer',
  password = PASSWORD
): Promise<User> {
  const registered = await register(client, email, userType, password)
  if (registered.status() !== 200) throw new Error(`register failed: ${registered.text()}`)
  const { code } = await takeMail('verification_code', email)
  const verified = await client
    .post('/auth/otp-verification')
    .json({ userId: registered.body().data.id, otp: code })
  if (verified.status() !== 200) throw new Error(`verification failed: ${verified.text()}`)
  return User.findOrFail(registered.body().data.id)
}

/** POST /auth/login. */
export function login(
  client: ApiClient,
  email: string,
  password = PASSWORD,
  userType: LoginType = 'customer'
) {
  return client.post('/auth/login').json({ email, password, userType })
}

/** What `login` takes after the client: the e-mail, then the password and kind of account. */
type LoginCredentials = [email: string, password?: string, userType?: LoginType]

/** Asserts that the credentials sign in (the defaults of `login`: a customer's usual password). */
export async function expectLogin(
  assert: Assert,
  client: ApiClient,
  ...credentials: LoginCredentials
) {
  const response = await login(client, ...credentials)
  assert.equal(response.status(), 200, `login refused: ${response.text()}`)
}

/** Asserts that the credentials are refused as invalid (a wrong password, by default). */
export async function expectLoginRefused(
  assert: Assert,
  client: ApiClient,
  email: string,
  password = OTHER_PASSWORD,
  userType: LoginType = 'customer'
) {
  expectEnvelopeError(
    assert,
    await login(client, email, password, userType),
    401,
    'INVALID_CREDENTIALS'
  )
}

/** Whether the account's e-mail is verified, as stored. */
export async function isVerified(userId: string): Promise<boolean> {
  const user = await User.findOrFail(userId)
  return user.isVerified
}

/** The stored password hash of an account. */
export async function passwordHashOf(userId: string): Promise<string> {
  const user = await User.findOrFail(userId)
  return user.password
}

/** Logs in and returns the token pair, failing the test when login does not succeed. */
export async function signIn(
  client: ApiClient,
  email: string,
  password = PASSWORD,
  userType: LoginType = 'customer'
): Promise<{ accessToken: string; refreshToken: string; userId: string }> {
  const response = await login(client, email, password, userType)
  if (response.status() !== 200) throw new Error(`login failed: ${response.text()}`)
  const data = response.body().data
  return { accessToken: data.accessToken, refreshToken: data.refreshToken, userId: data.user.id }
}

/**
 * Probes an access token without changing anything: change-password with an empty body answers
 * 400 when the token is accepted and 401/403 when it is not.
 */
export function probe(client: ApiClient, accessToken: string) {
  return client.put('/auth/change-password').header('Authorization', `Bearer ${accessToken}`)
}

/** Asserts the access token is still accepted. */
export async function expectTokenAccepted(assert: Assert, client: ApiClient, accessToken: string) {
  const response = await probe(client, accessToken)
  assert.equal(response.status(), 400, `token refused: ${response.text()}`)
}

/** The stored digest of a refresh token. */
export const refreshDigest = (token: string) => createHash('sha256').update(token).digest('hex')

/** Moves every live code of the account past its expiry. */
export async function expireCodes(userId: string) {
  await db
    .from('one_time_codes')
    .where('user_id', userId)
    .update({ expires_at: sqlTime(DateTime.now().minus({ minutes: 1 })) })
}

/**
 * Lets the one-a-minute resend window pass for an account, as if a minute went by. The key
 * follows OneTimeCodeService's naming; the five-an-hour window is left untouched.
 */
export async function passResendMinute(userId: string, purpose: CodePurpose) {
  await limiter.use({ requests: 1, duration: '1 minute' }).delete(`otp_minute_${purpose}_${userId}`)
}

/**
 * Every header and body field a test compares when two answers must be indistinguishable: all but
 * the error's request id, which names each request and so differs by design.
 */
export function comparable(response: ApiResponse) {
  const { error, ...body } = response.body()
  if (!error) return { status: response.status(), body }
  return { status: response.status(), body: { ...body, error: withoutRequestId(error) } }
}

/**
 * Takes every Super Admin the test did not make out of the way, inside the test's own
 * transaction (rolled back afterwards): the start-up bootstrap only acts when none exists at all.
 * Each is renamed to an address of its own so no (e-mail, type) pair can clash.
 */
export async function setAsideSuperAdmins() {
  const superAdmins: Array<{ id: string }> = await db
    .from('users')
    .where('user_type', 'SUPER_ADMIN')
    .select('id')
  for (const { id } of superAdmins) {
    await db
      .from('users')
      .where('id', id)
      .update({ user_type: 'ADMIN', email: `set-aside-${id}@example.invalid` })
  }
}
