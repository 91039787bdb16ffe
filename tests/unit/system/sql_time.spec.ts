import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { sqlTime, toDbInstant } from '#support/sql_time'

/** Just enough of a query client for sqlTime to pick its dialect's form. */
function clientOf(name: string): QueryClientContract {
  return { dialect: { name, dateTimeFormat: 'yyyy-MM-dd HH:mm:ss' } } as QueryClientContract
}

const sqlite = clientOf('sqlite3')
const postgres = clientOf('postgres')
const instant = DateTime.fromISO('2026-03-01T10:15:30.250+02:00')

test.group('sqlTime', () => {
  test('binds a Date on PostgreSQL, rounded or not', ({ assert }) => {
    for (const round of [undefined, 'down', 'up'] as const) {
      const value = sqlTime(instant, postgres, round)
      assert.instanceOf(value, Date)
      assert.equal((value as Date).toISOString(), '2026-03-01T08:15:30.250Z')
    }
  })

  test('writes UTC text with milliseconds on SQLite', ({ assert }) => {
    assert.equal(sqlTime(instant, sqlite), '2026-03-01 08:15:30.250')
  })

  test('rounds a range bound to a whole second on SQLite, down or up', ({ assert }) => {
    assert.equal(sqlTime(instant, sqlite, 'down'), '2026-03-01 08:15:30')
    assert.equal(sqlTime(instant, sqlite, 'up'), '2026-03-01 08:15:31')
  })

  test('leaves a whole second as it is whichever way it rounds', ({ assert }) => {
    const whole = DateTime.fromISO('2026-03-01T08:15:30.000Z')
    assert.equal(sqlTime(whole, sqlite, 'down'), '2026-03-01 08:15:30')
    assert.equal(sqlTime(whole, sqlite, 'up'), '2026-03-01 08:15:30')
  })
})

test.group('toDbInstant', () => {
  test('writes UTC text with milliseconds and a Z, whatever the database', ({ assert }) => {
    assert.equal(toDbInstant(instant), '2026-03-01 08:15:30.250Z')
  })
})
