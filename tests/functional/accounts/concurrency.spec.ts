import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { connectionName } from '#config/database'
import User from '#models/user'
import OneTimeCode from '#models/one_time_code'
import { UserType } from '#enums/user_type'
import { CodePurpose } from '#enums/code_purpose'
import { bearer, makeUser } from '#tests/helpers/actors'
import { register, takeMail, uniqueEmail } from './support.js'

/*
| Real parallel connections: these tests run outside the per-test transaction, create their own
| rows and delete them afterwards. SQLite has one writer and one pooled connection, so the races
| exist only on PostgreSQL.
*/
const onPostgres = connectionName === 'pg'

test.group('Concurrency (PostgreSQL)', (group) => {
  const created: string[] = []
  const setAside: string[] = []
  group.each.setup(() => limiter.clear())
  group.each.setup(() => async () => {
    await db.from('users').whereIn('id', created.splice(0)).delete()
    await db.from('users').whereIn('id', setAside.splice(0)).update({ is_active: true })
  })

  test('parallel wrong guesses against one code count at most five', async ({ client, assert }) => {
    const email = uniqueEmail('race-otp')
    const response = await register(client, email)
    const userId: string = response.body().data.id
    created.push(userId)
    const { code } = await takeMail('verification_code', email)

    const guesses = Array.from({ length: 12 }, (_, index) =>
      String((Number(code) + index + 1) % 1_000_000).padStart(6, '0')
    )
    const answers = await Promise.all(
      guesses.map((otp) => client.post('/auth/otp-verification').json({ userId, otp }))
    )
    for (const answer of answers) assert.equal(answer.status(), 400)

    const row = await OneTimeCode.query()
      .where('user_id', userId)
      .where('purpose', CodePurpose.EMAIL_VERIFICATION)
      .firstOrFail()
    assert.equal(row.attempts, 5)

    const right = await client.post('/auth/otp-verification').json({ userId, otp: code })
    assert.equal(right.status(), 400)
    const user = await User.findOrFail(userId)
    assert.isFalse(user.isVerified)
  })
    .skip(!onPostgres, 'PostgreSQL only')
    .timeout(30_000)

  test('the right code sent three times at once verifies once and answers true each time', async ({
    client,
    assert,
  }) => {
    const email = uniqueEmail('race-right')
    const response = await register(client, email)
    const userId: string = response.body().data.id
    created.push(userId)
    const { code } = await takeMail('verification_code', email)

    const answers = await Promise.all(
      [code, code, code].map((otp) => client.post('/auth/otp-verification').json({ userId, otp }))
    )
    // The first to commit uses the code; the others find the account verified and answer true.
    for (const answer of answers) {
      assert.equal(answer.status(), 200, answer.text())
      assert.isTrue(answer.body().data)
    }
    const rows = await OneTimeCode.query().where('user_id', userId)
    assert.lengthOf(rows, 1)
    assert.isNotNull(rows[0].consumedAt)
  })
    .skip(!onPostgres, 'PostgreSQL only')
    .timeout(30_000)

  test('two Super Admins deactivating each other at once leave exactly one active', async ({
    client,
    assert,
  }) => {
    for (let round = 0; round < 5; round++) {
      const first = await makeUser(UserType.SUPER_ADMIN)
      const second = await makeUser(UserType.SUPER_ADMIN)
      created.push(first.id, second.id)
      // Any other active Super Admin (a bootstrap one) would let both succeed: set aside for now.
      const others = await db
        .from('users')
        .where('user_type', UserType.SUPER_ADMIN)
        .whereNotIn('id', [first.id, second.id])
        .where('is_active', true)
        .select('id')
      setAside.push(...others.map((row: { id: string }) => row.id))
      await db.from('users').whereIn('id', setAside).update({ is_active: false })

      const [one, two] = await Promise.all([
        client.put(`/auth/${second.id}/deactivate`).header('Authorization', await bearer(first)),
        client.put(`/auth/${first.id}/deactivate`).header('Authorization', await bearer(second)),
      ])

      const rows = await User.query().whereIn('id', [first.id, second.id])
      const active = rows.filter((row) => row.isActive)
      assert.lengthOf(active, 1, `round ${round}: ${one.text()} / ${two.text()}`)
      const statuses = [one.status(), two.status()].sort()
      assert.equal(statuses[0], 200)
      assert.oneOf(statuses[1], [401, 403, 409], two.text())
      const loser = [one, two].find((answer) => answer.status() !== 200)!
      assert.oneOf(loser.body().error.code, [
        'LAST_SUPER_ADMIN',
        'ACCOUNT_DEACTIVATED',
        'TOKEN_REVOKED',
      ])
    }
  })
    .skip(!onPostgres, 'PostgreSQL only')
    .timeout(30_000)

  test('two password changes racing with the same current password: one wins', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    created.push(user.id)
    // The winner queues a "your password was changed" mail, committed like everything here.
    cleanup(async () => {
      await db.from('outbox_messages').whereLike('payload', `%${user.email}%`).delete()
    })
    const authorization = await bearer(user)
    const candidates = ['Cobalt-Orchard-1187', 'Saffron-Glacier-6620']

    const answers = await Promise.all(
      candidates.map((newPassword) =>
        client
          .put('/auth/change-password')
          .header('Authorization', authorization)
          .json({ oldPassword: 'Factory-Passw0rd!', newPassword })
      )
    )
    const statuses = answers.map((answer) => answer.status()).sort()
    // The loser is refused either by the compare-and-set or, arriving later, by its revoked token.
    assert.equal(statuses[0], 200)
    assert.oneOf(statuses[1], [400, 401], answers.map((answer) => answer.text()).join(' / '))

    const winner = candidates[answers.findIndex((answer) => answer.status() === 200)]
    const signedIn = await client
      .post('/auth/login')
      .json({ email: user.email, password: winner, userType: 'customer' })
    assert.equal(signedIn.status(), 200)
    await user.refresh()
    assert.equal(user.tokenVersion, 1)
  })
    .skip(!onPostgres, 'PostgreSQL only')
    .timeout(30_000)

  test('one refresh token presented twice at once yields one pair and ends the family', async ({
    client,
    assert,
  }) => {
    const user = await makeUser(UserType.CUSTOMER)
    created.push(user.id)
    const signedIn = await client
      .post('/auth/login')
      .json({ email: user.email, password: 'Factory-Passw0rd!', userType: 'customer' })
    const refreshToken = signedIn.body().data.refreshToken

    const answers = await Promise.all([
      client.post('/auth/refresh').json({ refreshToken }),
      client.post('/auth/refresh').json({ refreshToken }),
    ])
    const statuses = answers.map((answer) => answer.status()).sort()
    assert.deepEqual(statuses, [200, 401])

    // The second use is reuse: the whole family, including the pair just issued, is revoked.
    const live = await db
      .from('refresh_tokens')
      .where('user_id', user.id)
      .whereNull('revoked_at')
      .count('* as total')
    assert.equal(Number(live[0].total), 0)
  })
    .skip(!onPostgres, 'PostgreSQL only')
    .timeout(30_000)
})
