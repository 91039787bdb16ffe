import { DateTime } from 'luxon'
import type { Knex } from 'knex'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel, LucidRow, ModelColumnOptions } from '@adonisjs/lucid/types/model'

/**
 * A write built but not sent yet: its statement, and what its answer means once it ran. A caller
 * sends it inside its transaction, alone or with other writes in one round trip (`writeBatch`).
 */
export interface PendingWrite<Result = void> {
  statement: Knex.QueryBuilder | Knex.Raw
  /**
   * Called once the statement ran. Only the last write of a batch gets the rows it answered: on
   * PostgreSQL the earlier ones run as data-modifying CTEs, whose rows are not returned.
   */
  settle(rows: unknown[]): Result
}

/**
 * Sends `earlier` then `last` in order, inside `trx`, and returns what `last` answered. On
 * PostgreSQL they go as one statement, the earlier ones as data-modifying CTEs: one round trip,
 * and foreign keys are checked at its end, so a row and the rows referencing it may share it.
 * Elsewhere (SQLite, in process, where a round trip costs little) they run one after another.
 */
export async function writeBatch<Result>(
  trx: TransactionClientContract,
  earlier: PendingWrite<unknown>[],
  last: PendingWrite<Result>
): Promise<Result> {
  let rows: unknown[]
  if (trx.dialect.name !== 'postgres') {
    for (const write of earlier) await write.statement
    rows = await last.statement
  } else {
    const compiled = earlier.map((write) => write.statement.toSQL())
    const final = last.statement.toSQL()
    const ctes = compiled.map((statement, index) => `"step${index}" as (${statement.sql})`)
    const sql = ctes.length > 0 ? `with ${ctes.join(', ')} ${final.sql}` : final.sql
    const bindings = [...compiled.flatMap((statement) => statement.bindings), ...final.bindings]
    const result = await trx.getWriteClient().raw(sql, bindings)
    rows = result.rows
  }
  for (const write of earlier) write.settle([])
  return last.settle(rows)
}

/**
 * A multi-row insert of model instances, with the values their models would write (column
 * names, JSON, instants in the dialect's form). Once it ran the instances are marked stored, as
 * `save()` marks them after its insert: they are then what the rows hold, so nothing just written
 * needs reading back.
 */
export function insertModels<Model extends LucidModel>(
  trx: TransactionClientContract,
  model: Model,
  rows: InstanceType<Model>[]
): PendingWrite {
  return {
    statement: insertOf(trx, model, rows),
    settle() {
      rows.forEach(markPersisted)
    },
  }
}

/**
 * The same insert, for instances built only to be written (a status history entry, an outbox
 * message) and dropped after: they are not marked stored, which copies every attribute (deeply,
 * for JSON columns) for nothing: a tenth of a millisecond of a two-shop placement.
 */
export function insertValuesOf<Model extends LucidModel>(
  trx: TransactionClientContract,
  model: Model,
  rows: InstanceType<Model>[]
): PendingWrite {
  return { statement: insertOf(trx, model, rows), settle() {} }
}

/**
 * The same insert, writing nothing when `uniqueColumn` clashes with a stored row (`ON CONFLICT
 * DO NOTHING`, so a clash needs no savepoint): answers whether every row was written, and marks
 * the instances stored only then. Send it last in a batch, the only place its answer is known.
 */
export function insertModelsUnlessTaken<Model extends LucidModel>(
  trx: TransactionClientContract,
  model: Model,
  rows: InstanceType<Model>[],
  uniqueColumn: string
): PendingWrite<boolean> {
  const primaryKey = model.$getColumn(model.primaryKey)!.columnName
  return {
    statement: insertOf(trx, model, rows).onConflict(uniqueColumn).ignore().returning([primaryKey]),
    settle(answered) {
      const written = answered.length === rows.length
      if (written) rows.forEach(markPersisted)
      return written
    },
  }
}

function insertOf<Model extends LucidModel>(
  trx: TransactionClientContract,
  model: Model,
  rows: InstanceType<Model>[]
): Knex.QueryBuilder {
  const valuesOf = (row: InstanceType<Model>) => {
    row.useTransaction(trx)
    return Object.fromEntries(
      Object.entries(row.$attributes).map(([attribute, value]) => {
        const column = model.$getColumn(attribute)!
        return [column.columnName, preparedValue(column, value, attribute, row)]
      })
    )
  }
  return trx.knexQuery().table(model.table).insert(rows.map(valuesOf))
}

/** Marks an instance written by `insertModels` as stored, as `save()` does after its insert. */
function markPersisted(row: LucidRow) {
  row.$isPersisted = true
  row.$hydrateOriginals()
}

/**
 * An instant as a column of a model stores it. The placement writes one instant into most of its
 * rows' time columns, and a model's preparation of an instant builds a query (for the dialect's
 * format) and formats it with luxon each time: 2 % of the server's CPU per placement
 * (docs/performance.md, "Fifth pass"). Each instant is prepared once per kind of column; the
 * entries go with the instant.
 */
const preparedInstants = new WeakMap<DateTime, Map<unknown, unknown>>()

function preparedValue(
  column: ModelColumnOptions,
  value: unknown,
  attribute: string,
  row: LucidRow
) {
  if (!column.prepare) return value
  if (!DateTime.isDateTime(value)) return column.prepare(value, attribute, row)
  const known = preparedInstants.get(value) ?? new Map<unknown, unknown>()
  preparedInstants.set(value, known)
  if (!known.has(column.prepare)) known.set(column.prepare, column.prepare(value, attribute, row))
  return known.get(column.prepare)
}

/**
 * `instant` as a model's time column stores it, so instances written by `insertModels` hold what
 * reading their rows back would give: whole seconds on SQLite, whose text form drops the
 * milliseconds; unchanged on PostgreSQL.
 */
export function storedInstant(trx: TransactionClientContract, instant: DateTime): DateTime {
  return trx.dialect.name === 'postgres' ? instant : instant.startOf('second')
}
