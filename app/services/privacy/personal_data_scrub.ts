import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { containsPattern } from '#support/sql_like'

/*
| The writes of an erasure (docs/api/privacy.md, "Erasure") that reach beyond the account's own
| rows: personal values copied into text other rows keep (mail payloads, webhook deliveries, the
| audit trail's details) are found by what they contain and replaced.
*/

/** What every erased value becomes. */
export const ERASED = '[erased]'

/**
 * Values shorter than this are not searched for: on their own they name no one (a `line2` of
 * "B"), and replacing them everywhere would garble unrelated rows.
 */
const SHORTEST_SEARCHED = 3

/** A JSON text column, or a plain one. */
interface ScrubbedColumn {
  table: string
  column: string
  json: boolean
}

/**
 * The text columns other people's rows may hold an erased person's values in: mails about their
 * orders queued for their sellers, webhook deliveries and their receivers' answers, the details of
 * audit-trail entries. Every other table either belongs to the account (deleted or rewritten by the
 * erasure itself) or never holds personal values.
 */
const SCRUBBED: ScrubbedColumn[] = [
  { table: 'outbox_messages', column: 'payload', json: true },
  { table: 'outbox_messages', column: 'last_error', json: false },
  { table: 'webhook_deliveries', column: 'payload', json: true },
  { table: 'webhook_deliveries', column: 'last_response', json: false },
  { table: 'webhook_deliveries', column: 'last_error', json: false },
  { table: 'admin_actions', column: 'changes', json: true },
]

/** The distinct values worth searching for, longest first (a name before its own first word). */
export function searchedValues(values: Array<string | null | undefined>): string[] {
  const kept = new Set<string>()
  for (const value of values) {
    const trimmed = value?.trim()
    if (trimmed && trimmed.length >= SHORTEST_SEARCHED) kept.add(trimmed)
  }
  return [...kept].sort((a, b) => b.length - a.length)
}

/** How `value` is written inside a JSON string. */
const inJson = (value: string) => JSON.stringify(value).slice(1, -1)

/**
 * `text` with every occurrence of `values` replaced by `[erased]`. In JSON text only the value as
 * JSON writes it is replaced, which keeps the document valid.
 */
export function scrubbed(text: string, values: string[], json: boolean): string {
  let result = text
  for (const value of values) {
    result = result.split(inJson(value)).join(ERASED)
    if (!json) result = result.split(value).join(ERASED)
  }
  return result
}

/** The column as text, whatever its type (PostgreSQL's `json` has no LIKE). */
function asText(trx: TransactionClientContract, column: string) {
  return trx.dialect.name === 'postgres' ? `cast(${column} as text)` : column
}

/**
 * Replaces `values` in every scrubbed column and returns how many rows changed. Each column is
 * searched with one LIKE per value (no index helps: an erasure is rare, and reads every row once).
 */
export async function scrubEverywhere(
  trx: TransactionClientContract,
  values: string[]
): Promise<number> {
  if (values.length === 0) return 0
  let changed = 0
  for (const { table, column, json } of SCRUBBED) {
    const text = asText(trx, column)
    const rows: Array<{ id: string; text: string }> = await trx
      .from(table)
      .where((any) => {
        for (const value of values) {
          any.orWhereRaw(`${text} like ? escape '\\'`, [containsPattern(inJson(value))])
          if (!json) any.orWhereRaw(`${text} like ? escape '\\'`, [containsPattern(value)])
        }
      })
      .select('id', trx.raw(`${text} as text`))
    for (const row of rows) {
      const replaced = scrubbed(row.text, values, json)
      if (replaced === row.text) continue
      await trx
        .from(table)
        .where('id', row.id)
        .update({ [column]: replaced })
      changed += 1
    }
  }
  return changed
}

/**
 * Deletes the mails addressed to `email` (queued, failed or sent alike): a mail to a person who
 * asked to be forgotten is not sent, and a sent one's row is only a record of the delivery.
 */
export async function deleteMailTo(trx: TransactionClientContract, email: string) {
  await trx
    .from('outbox_messages')
    .whereRaw(`payload like ? escape '\\'`, [containsPattern(`"email":${JSON.stringify(email)}`)])
    .delete()
}
