import { QueryClient } from '@adonisjs/lucid/database'
import type { Knex } from 'knex'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * A transaction whose COMMIT (or, nested, its RELEASE SAVEPOINT) failed: nothing it wrote was
 * stored. The caller must not report success; the exception handler answers 503 with
 * `Retry-After` (docs/operations.md, "A failed commit").
 */
export class CommitFailedError extends Error {
  constructor(cause: unknown) {
    super('The transaction could not be committed; none of its changes were stored', { cause })
    this.name = 'CommitFailedError'
  }
}

/** Lucid's `transaction(callback?, options?)`, as the guard calls it. */
type Begin = (
  this: QueryClientContract,
  callback?: (trx: TransactionClientContract) => Promise<unknown>,
  options?: unknown
) => Promise<unknown>

/** A knex transaction as knex builds it, with what its own type leaves out. */
type KnexTransaction = Knex.Transaction & {
  parentTransaction?: Knex.Transaction
  client: { acquireConnection(): Promise<unknown> }
}

/**
 * A raw connection as the pool holds it: better-sqlite3's tells whether a transaction is open;
 * knex's pool discards one marked `__knex__disposed` (its PostgreSQL client marks a connection so
 * when the socket fails) the next time it would hand it out.
 */
interface PooledConnection {
  inTransaction?: boolean
  exec?(sql: string): unknown
  __knex__disposed?: unknown
}

const guarded = new WeakSet<object>()

/**
 * Makes every Lucid transaction fail loudly when its commit fails. knex resolves `commit()` even
 * when the COMMIT statement failed (a full disk, a deferred constraint, a connection killed at
 * that moment) and hands the error only to the transaction's `executionPromise` (knex/knex#3370),
 * so Lucid's managed `db.transaction(callback)` returned as if the work were stored. Installed once
 * at boot (providers/commit_guard_provider.ts) on Lucid's `QueryClient`, the one place `db`,
 * models and the framework's packages open a transaction; each transaction it opens, and every
 * transaction nested in it, gets a commit that throws `CommitFailedError` instead.
 * Tested by tests/functional/system/commit_failures.spec.ts and tests/unit/system/commit_guard.spec.ts.
 */
export function guardTransactionCommits(): void {
  const prototype = QueryClient.prototype as unknown as { transaction: Begin }
  if (guarded.has(prototype)) return
  guarded.add(prototype)
  prototype.transaction = guardedBegin(prototype.transaction)
}

/** Wraps a `transaction()` so that what it opens is guarded, managed or not. */
function guardedBegin(begin: Begin): Begin {
  return async function (this: QueryClientContract, callback?: unknown, options?: unknown) {
    const trx = guardTransaction(
      (await begin.call(this, undefined, options)) as TransactionClientContract
    )
    if (typeof callback !== 'function') return trx
    // Lucid's own managed transaction, with the guarded commit.
    try {
      const response = await callback(trx)
      if (!trx.isCompleted) await trx.commit()
      return response
    } catch (error) {
      await trx.rollback()
      throw error
    }
  }
}

function guardTransaction(trx: TransactionClientContract): TransactionClientContract {
  if (guarded.has(trx)) return trx
  guarded.add(trx)
  guardKnexCommit(trx.knexClient as KnexTransaction)
  // Savepoints opened inside this transaction.
  trx.transaction = guardedBegin(trx.transaction.bind(trx) as Begin) as never
  return trx
}

/**
 * Replaces the knex transaction's `commit`, which Lucid's `commit()` awaits before it emits
 * `commit` and runs its `after('commit')` hooks: a failure now reaches Lucid, which then runs
 * neither.
 */
function guardKnexCommit(transaction: KnexTransaction): void {
  const commit = transaction.commit.bind(transaction)
  transaction.commit = (async (value?: unknown) => {
    const connection = (await transaction.client.acquireConnection()) as PooledConnection
    // knex answers a failed COMMIT with no result at all.
    const outcome = (await commit(value)) as { response?: { command?: string } } | undefined
    if (outcome === undefined && !transaction.parentTransaction) discard(connection)
    const failure = await transaction.executionPromise.then(
      () => undefined,
      (error: unknown) => error ?? new Error('COMMIT failed')
    )
    if (failure !== undefined) throw new CommitFailedError(failure)
    // PostgreSQL answers COMMIT with ROLLBACK, and no error, when the transaction had failed.
    if (outcome?.response?.command === 'ROLLBACK') {
      throw new CommitFailedError(new Error('COMMIT was answered with ROLLBACK'))
    }
    return outcome
  }) as typeof transaction.commit
}

/**
 * Keeps a connection whose COMMIT failed from serving anyone as it is. Done at once, before knex
 * hands the connection back to the pool (it does so a few ticks of the same settled promise
 * later): a SQLite transaction whose COMMIT failed (a deferred foreign key, a busy or full
 * database) is still open, and the next user of the connection would write inside it and never
 * see its own commit; a PostgreSQL connection may have died with its COMMIT, and the pool would
 * otherwise hand it to the next request before the socket's close is noticed.
 */
function discard(connection: PooledConnection): void {
  if (connection.inTransaction) {
    connection.exec?.('ROLLBACK')
  } else if (connection.inTransaction === undefined) {
    connection.__knex__disposed = 'its COMMIT failed'
  }
}
