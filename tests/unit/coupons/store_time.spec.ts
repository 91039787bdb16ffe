import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { formatStoreDateTime, parseStoreDateTime } from '#support/store_time'

function instantOf(text: string, zone: string): string | undefined {
  const parsed = parseStoreDateTime(text, zone)
  return parsed.ok ? (parsed.instant.toISO() ?? undefined) : undefined
}

function problemOf(text: string, zone = 'UTC') {
  const parsed = parseStoreDateTime(text, zone)
  return parsed.ok ? undefined : parsed.problem
}

test.group('store_time', () => {
  test('reads a wall-clock time in the given zone as a UTC instant', ({ assert }) => {
    assert.equal(instantOf('2026-06-01T00:00:00', 'UTC'), '2026-06-01T00:00:00.000Z')
    assert.equal(instantOf('2026-01-15T09:30:00', 'America/New_York'), '2026-01-15T14:30:00.000Z')
    assert.equal(instantOf('2026-07-04T23:59:59', 'America/New_York'), '2026-07-05T03:59:59.000Z')
    assert.equal(instantOf('2026-06-01T08:00:00', 'Asia/Kolkata'), '2026-06-01T02:30:00.000Z')
    assert.equal(instantOf('2026-01-01T00:00:00', 'Pacific/Kiritimati'), '2025-12-31T10:00:00.000Z')
  })

  test('writes an instant back in the same form, round-tripping', ({ assert }) => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe']) {
      for (const text of ['2026-01-15T09:30:00', '2026-07-04T23:59:59', '2026-12-31T00:00:01']) {
        const parsed = parseStoreDateTime(text, zone)
        assert.isTrue(parsed.ok)
        if (parsed.ok) assert.equal(formatStoreDateTime(parsed.instant, zone), text)
      }
    }
  })

  test('uses the configured store zone by default (UTC in tests)', ({ assert }) => {
    const parsed = parseStoreDateTime('2026-06-01T12:00:00')
    assert.isTrue(parsed.ok)
    if (parsed.ok) assert.equal(formatStoreDateTime(parsed.instant), '2026-06-01T12:00:00')
    assert.equal(
      formatStoreDateTime(DateTime.fromISO('2026-06-01T12:00:00.000Z')),
      '2026-06-01T12:00:00'
    )
  })

  test('refuses a time skipped by a daylight-saving jump', ({ assert }) => {
    // New York springs forward from 02:00 to 03:00 on 8 March 2026.
    assert.equal(problemOf('2026-03-08T02:30:00', 'America/New_York'), 'gap')
    assert.equal(problemOf('2026-03-08T02:00:00', 'America/New_York'), 'gap')
    assert.equal(instantOf('2026-03-08T01:59:59', 'America/New_York'), '2026-03-08T06:59:59.000Z')
    assert.equal(instantOf('2026-03-08T03:00:00', 'America/New_York'), '2026-03-08T07:00:00.000Z')
    // Berlin: 02:00 → 03:00 on 29 March 2026.
    assert.equal(problemOf('2026-03-29T02:15:00', 'Europe/Berlin'), 'gap')
  })

  test('reads a time that occurs twice as its first occurrence', ({ assert }) => {
    // New York falls back from 02:00 EDT to 01:00 EST on 1 November 2026: 01:30 happens twice.
    assert.equal(instantOf('2026-11-01T01:30:00', 'America/New_York'), '2026-11-01T05:30:00.000Z')
    assert.equal(instantOf('2026-11-01T02:00:00', 'America/New_York'), '2026-11-01T07:00:00.000Z')
    // Berlin falls back from 03:00 CEST to 02:00 CET on 25 October 2026.
    assert.equal(instantOf('2026-10-25T02:30:00', 'Europe/Berlin'), '2026-10-25T00:30:00.000Z')
  })

  test('refuses any other form', ({ assert }) => {
    for (const text of [
      '2026-06-01',
      '2026-06-01T00:00',
      '2026-06-01T00:00:00Z',
      '2026-06-01T00:00:00+02:00',
      '2026-06-01T00:00:00.000',
      '2026-06-01 00:00:00',
      '2026-6-1T00:00:00',
      ' 2026-06-01T00:00:00',
      '2026-06-01T00:00:00\n',
      '20260601T000000',
      '',
    ]) {
      assert.equal(problemOf(text), 'format', text)
    }
  })

  test('refuses dates and times that do not exist on the calendar', ({ assert }) => {
    for (const text of [
      '2026-02-29T00:00:00',
      '2026-02-30T12:00:00',
      '2026-04-31T12:00:00',
      '2026-13-01T00:00:00',
      '2026-00-10T00:00:00',
      '2026-06-01T24:00:00',
      '2026-06-01T23:60:00',
      '2026-06-01T23:59:60',
    ]) {
      assert.equal(problemOf(text), 'calendar', text)
    }
    assert.isUndefined(problemOf('2028-02-29T00:00:00'))
  })

  test('refuses years outside 2000 to 9999', ({ assert }) => {
    assert.equal(problemOf('1999-12-31T23:59:59'), 'range')
    assert.isUndefined(problemOf('2000-01-01T00:00:00'))
    assert.isUndefined(problemOf('9999-12-31T23:59:59'))
    // Behind UTC, the last hours of 9999 fall in year 10000 and cannot be stored.
    assert.equal(problemOf('9999-12-31T23:59:59', 'America/New_York'), 'range')
  })
})
