import db from '@adonisjs/lucid/services/db'

/** One statement sent to the database, as the driver received it. */
export interface SqlStatement {
  sql: string
  bindings: unknown[]
}

/** The part of a knex instance this counter uses: its `query` event. */
interface QueryEmitter {
  on(event: 'query', listener: (query: { sql: string; bindings?: unknown[] }) => void): unknown
  off(event: 'query', listener: (query: { sql: string; bindings?: unknown[] }) => void): unknown
}

/**
 * Counts the statements a connection sends to its database, each one a round trip: knex emits
 * its `query` event for every statement, BEGIN, COMMIT, SAVEPOINT and RELEASE included, whether
 * it runs inside a transaction or not. Off unless started: the benchmark's probe
 * (`benchmarks/sql_probe.js`) and the round-trip test start it; nothing in production does.
 */
export class SqlRoundTrips {
  /** Statements counted since `start()`. */
  count = 0

  #recording?: SqlStatement[]
  #client?: QueryEmitter

  #listener = (query: { sql: string; bindings?: unknown[] }) => {
    this.count += 1
    this.#recording?.push({ sql: query.sql, bindings: [...(query.bindings ?? [])] })
  }

  /** Starts counting the statements of `connectionName` (the default connection). */
  start(connectionName: string = db.primaryConnectionName): this {
    this.stop()
    this.#client = db.connection(connectionName).getWriteClient() as unknown as QueryEmitter
    this.#client.on('query', this.#listener)
    return this
  }

  /** Stops counting; the count so far is kept. */
  stop(): void {
    this.#client?.off('query', this.#listener)
    this.#client = undefined
  }

  /** From now on, also keeps each statement with its bound values. */
  record(): void {
    this.#recording = []
  }

  /** The statements kept since `record()`, which stops keeping them. */
  recorded(): SqlStatement[] {
    const statements = this.#recording ?? []
    this.#recording = undefined
    return statements
  }

  /** Runs `action` and tells how many statements the connection sent meanwhile. */
  async around(action: () => Promise<unknown>): Promise<number> {
    const before = this.count
    await action()
    return this.count - before
  }
}
