/*
| The benchmark's own connection to the database under test: it prepares rows the HTTP API would
| take too long to create (customers, carts) by copying rows the API did create, reads the outbox,
| and, on PostgreSQL, finds the backends that serve the server. SQL is written with `?`
| placeholders for both databases.
*/
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { rmSync } from 'node:fs'
import pg from 'pg'

/** better-sqlite3 ships no types; the benchmark uses this much of it. */
type SqliteDatabase = {
  prepare(sql: string): {
    all(...params: unknown[]): unknown[]
    run(...params: unknown[]): unknown
    reader: boolean
  }
  pragma(source: string): unknown
  close(): void
}
const BetterSqlite3 = createRequire(import.meta.url)('better-sqlite3') as new (
  path: string
) => SqliteDatabase

/** A row to copy and the columns to change in the copy. */
export type Overrides = Record<string, unknown>

/** The benchmark's connection: `query` runs one statement and returns its rows. */
export abstract class BenchDatabase {
  abstract readonly dialect: 'postgres' | 'sqlite'
  abstract query<Row = Record<string, any>>(sql: string, params?: unknown[]): Promise<Row[]>
  abstract close(): Promise<void>
  protected abstract columnsOf(table: string): Promise<Array<{ name: string; type: string }>>
  protected abstract placeholder(type: string): string

  /**
   * Inserts one copy of the row `table.id = templateId` per entry of `copies`, each with a new id
   * and the columns it names changed. The column list is read from the database, so a column
   * added by a later migration is copied as well. Returns the new ids.
   */
  async cloneRow(table: string, templateId: string, copies: Overrides[]): Promise<string[]> {
    const columns = await this.columnsOf(table)
    const ids: string[] = []
    await this.query('BEGIN')
    try {
      for (const copy of copies) {
        const values: Overrides = { ...copy, id: copy.id ?? randomUUID() }
        ids.push(String(values.id))
        const names = columns.map((column) => this.quote(column.name)).join(', ')
        const params: unknown[] = []
        const select = columns
          .map((column) => {
            if (!(column.name in values)) return this.quote(column.name)
            params.push(values[column.name])
            return this.placeholder(column.type)
          })
          .join(', ')
        await this.query(
          `insert into ${this.quote(table)} (${names}) select ${select} from ${this.quote(table)} where id = ?`,
          [...params, templateId]
        )
      }
      await this.query('COMMIT')
    } catch (error) {
      await this.query('ROLLBACK')
      throw error
    }
    return ids
  }

  protected quote(name: string) {
    return `"${name.replaceAll('"', '""')}"`
  }
}

/** PostgreSQL through node-postgres. */
export class PostgresBenchDatabase extends BenchDatabase {
  readonly dialect = 'postgres' as const
  #client: pg.Client

  private constructor(client: pg.Client) {
    super()
    this.#client = client
  }

  /** Connects to `url`. */
  static async connect(url: string): Promise<PostgresBenchDatabase> {
    const client = new pg.Client({
      connectionString: url,
      application_name: 'commerce-bench-harness',
    })
    await client.connect()
    return new PostgresBenchDatabase(client)
  }

  /** Creates the database of `url` when it does not exist yet. */
  static async create(url: string) {
    const maintenanceUrl = new URL(url)
    const name = decodeURIComponent(maintenanceUrl.pathname.slice(1))
    maintenanceUrl.pathname = '/postgres'
    const maintenance = await PostgresBenchDatabase.connect(maintenanceUrl.toString())
    const exists = await maintenance.query('select 1 from pg_database where datname = ?', [name])
    if (exists.length === 0)
      await maintenance.query(`create database "${name.replaceAll('"', '""')}"`)
    await maintenance.close()
  }

  /** Drops every table of the public schema of `url`: the benchmark starts from an empty database. */
  static async reset(url: string) {
    const database = await PostgresBenchDatabase.connect(url)
    await database.query('drop schema public cascade')
    await database.query('create schema public')
    await database.close()
  }

  async query<Row = Record<string, any>>(sql: string, params: unknown[] = []): Promise<Row[]> {
    let index = 0
    const text = sql.replace(/\?/g, () => `$${++index}`)
    const result = await this.#client.query(text, params)
    return result.rows as Row[]
  }

  async close() {
    await this.#client.end()
  }

  protected async columnsOf(table: string) {
    return this.query<{ name: string; type: string }>(
      `select column_name as name, udt_name as type from information_schema.columns
       where table_schema = 'public' and table_name = ? order by ordinal_position`,
      [table]
    )
  }

  protected placeholder(type: string) {
    return `cast(? as ${type})`
  }
}

/** SQLite through better-sqlite3, on the server's file (WAL mode lets both use it). */
export class SqliteBenchDatabase extends BenchDatabase {
  readonly dialect = 'sqlite' as const
  #database: SqliteDatabase

  constructor(path: string) {
    super()
    this.#database = new BetterSqlite3(path)
    this.#database.pragma('busy_timeout = 10000')
  }

  /** Deletes the database file and its journals. */
  static reset(path: string) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true })
  }

  async query<Row = Record<string, any>>(sql: string, params: unknown[] = []): Promise<Row[]> {
    const statement = this.#database.prepare(sql)
    const values = params.map((value) => (typeof value === 'boolean' ? Number(value) : value))
    if (statement.reader) return statement.all(...values) as Row[]
    statement.run(...values)
    return []
  }

  async close() {
    this.#database.close()
  }

  protected async columnsOf(table: string) {
    return this.query<{ name: string; type: string }>(
      `select name, type from pragma_table_info(?)`,
      [table]
    )
  }

  protected placeholder() {
    return '?'
  }
}
