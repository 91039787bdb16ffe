/*
| The database's own ceiling for our statements: the SQL one request (or one loop) sent, captured
| by the server's probe with its bound values, replayed by pgbench with the same number of
| clients. How the script is derived (docs/performance.md, "The pgbench ceiling"):
|
| - Each statement is kept verbatim, BEGIN, COMMIT and SAVEPOINT included, with its bound values
|   written in as literals, in the order the server sent them.
| - Values that belong to the customer (account id, e-mail, address id, session id) become
|   per-client variables, read from a helper table with one row per pgbench client, so each
|   client writes its own rows and they contend only where our customers contend (the product).
| - Values the request created (the `id` of every inserted row, values of single-column unique
|   columns such as the order number, and the idempotency key) are replaced, wherever they appear
|   as a whole bound value, by fresh values drawn at the start of each run of the script.
| - Everything else (product, shop, seller, method and coupon ids, prices, time stamps, the mail
|   payloads) stays literal.
| - One helper query per run of the script (`\gset`) reads the client's row and draws the fresh
|   values: a round trip our server does not make, so the ceiling is, if anything, a little low.
| - pgbench uses the simple query protocol (node-postgres uses the extended one for statements
|   with parameters): one parse per statement instead of parse, bind and execute.
*/
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import type { SqlStatement } from '../../app/support/sql_round_trips.js'
import type { PostgresBenchDatabase } from './database.js'

const run = promisify(execFile)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The per-customer values of the captured request, by the helper table column that holds them. */
export interface CustomerValues {
  c_user: string
  c_address: string
  c_email: string
  c_session: string
}

/** A pgbench script and what it was derived from. */
export interface PgbenchScript {
  text: string
  statements: number
  freshValues: number
}

/** Table → its columns that are unique on their own. */
async function singleUniqueColumns(database: PostgresBenchDatabase) {
  const rows = await database.query<{ table: string; column: string }>(
    `select t.relname as "table", a.attname as "column"
     from pg_index i
     join pg_class t on t.oid = i.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
     where i.indisunique and i.indnatts = 1 and n.nspname = 'public'`
  )
  const unique = new Map<string, Set<string>>()
  for (const row of rows) {
    if (!unique.has(row.table)) unique.set(row.table, new Set())
    unique.get(row.table)!.add(row.column)
  }
  return unique
}

/**
 * For every INSERT in a statement (a placement batches several into one, as data-modifying
 * CTEs), binding index → table and column of the value it binds.
 */
function insertColumns(sql: string): Map<number, { table: string; column: string }> {
  const columns = new Map<number, { table: string; column: string }>()
  // Only the value tuples: an ON CONFLICT, RETURNING or WHERE clause binds values of its own.
  const inserts =
    /insert into "([^"]+)" \(([^)]*)\) values ((?:\((?:\$\d+)(?:, \$\d+)*\)(?:, )?)+)/gi
  for (const match of sql.matchAll(inserts)) {
    const names = match[2].split(',').map((name) => name.trim().replace(/^"|"$/g, ''))
    const placeholders = match[3].match(/\$\d+/g) ?? []
    placeholders.forEach((placeholder, index) => {
      columns.set(Number(placeholder.slice(1)) - 1, {
        table: match[1],
        column: names[index % names.length],
      })
    })
  }
  // A conditional insert (`insert into t (a, b) select cast($1 as uuid), t2.b from … where …`,
  // the cart's add): the select list, one expression per column, none with a comma of its own.
  const selects = /insert into "?(\w+)"? \(([^)]*)\)\s+select (.+?) from /gis
  for (const match of sql.matchAll(selects)) {
    const names = match[2].split(',').map((name) => name.trim().replace(/^"|"$/g, ''))
    match[3].split(',').forEach((expression, index) => {
      const placeholders = expression.match(/\$\d+/g) ?? []
      if (placeholders.length !== 1 || !names[index]) return
      columns.set(Number(placeholders[0].slice(1)) - 1, { table: match[1], column: names[index] })
    })
  }
  return columns
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `'${text.replaceAll("'", "''")}'`
}

/**
 * Builds the script that replays `statements`. `customer` names the per-customer values;
 * `generated` lists values the benchmark itself made up per request (idempotency keys).
 */
export async function buildScript(
  database: PostgresBenchDatabase,
  statements: SqlStatement[],
  customer: CustomerValues,
  generated: string[]
): Promise<PgbenchScript> {
  const unique = await singleUniqueColumns(database)
  const perClient = new Map(Object.entries(customer).map(([column, value]) => [value, column]))
  const fresh = new Map<string, string>()
  const addFresh = (value: unknown) => {
    if (typeof value !== 'string' || perClient.has(value) || fresh.has(value)) return
    fresh.set(value, `f${fresh.size + 1}`)
  }
  for (const value of generated) addFresh(value)
  for (const statement of statements) {
    for (const [index, { table, column }] of insertColumns(statement.sql)) {
      if (column === 'id' || unique.get(table)?.has(column)) addFresh(statement.bindings[index])
    }
  }

  const draws = [...fresh.entries()].map(([value, name]) => {
    if (UUID.test(value)) return `gen_random_uuid()::text as ${name}`
    // Same length as the original, its tail replaced by random upper-case hex.
    const tail = Math.min(12, value.length)
    return `${literal(value.slice(0, value.length - tail))} || upper(substr(md5(random()::text), 1, ${tail})) as ${name}`
  })
  const header =
    `select ${[...Object.keys(customer), ...draws].join(', ')}\n` +
    `from bench_pgbench_clients where client_no = :client_id \\gset`

  const body = statements.map((statement) => {
    const sql = statement.sql.replace(/\$(\d+)/g, (_match, position: string) => {
      const value = statement.bindings[Number(position) - 1]
      if (typeof value === 'string' && perClient.has(value)) return `':${perClient.get(value)}'`
      if (typeof value === 'string' && fresh.has(value)) return `':${fresh.get(value)}'`
      return literal(value)
    })
    return sql.trimEnd().endsWith(';') ? sql.trimEnd() : `${sql.trimEnd()};`
  })
  return {
    text: `${header}\n${body.join('\n')}\n`,
    statements: statements.length,
    freshValues: fresh.size,
  }
}

/** Creates the helper table with one row of customer values per pgbench client. */
export async function prepareClients(database: PostgresBenchDatabase, clients: CustomerValues[]) {
  await database.query('drop table if exists bench_pgbench_clients')
  await database.query(
    `create table bench_pgbench_clients (client_no integer primary key, c_user text, c_address text, c_email text, c_session text)`
  )
  for (const [index, client] of clients.entries()) {
    await database.query('insert into bench_pgbench_clients values (?, ?, ?, ?, ?)', [
      index,
      client.c_user,
      client.c_address,
      client.c_email,
      client.c_session,
    ])
  }
}

/** What pgbench reported. */
export interface PgbenchResult {
  transactions: number
  tps: number
  latencyAverageMs: number
  failed: number
}

/** Runs `scriptPath` against `url` with `clients` clients for `seconds`. */
export async function runPgbench(
  url: string,
  scriptPath: string,
  script: PgbenchScript,
  clients: number,
  seconds: number
): Promise<PgbenchResult> {
  writeFileSync(scriptPath, script.text)
  const target = new URL(url)
  const binary = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench'
  const { stdout } = await run(
    binary,
    [
      '--no-vacuum',
      '--protocol=simple',
      `--client=${clients}`,
      `--jobs=${Math.min(clients, 2)}`,
      `--time=${seconds}`,
      `--file=${scriptPath}`,
      `--host=${target.hostname}`,
      `--port=${target.port || 5432}`,
      `--username=${decodeURIComponent(target.username || 'postgres')}`,
      decodeURIComponent(target.pathname.slice(1)),
    ],
    {
      env: {
        ...process.env,
        ...(target.password ? { PGPASSWORD: decodeURIComponent(target.password) } : {}),
      },
      maxBuffer: 16 * 1024 * 1024,
    }
  )
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN)
  return {
    transactions: number(/number of transactions actually processed: (\d+)/),
    tps: number(/tps = ([\d.]+) \(without initial connection time\)/),
    latencyAverageMs: number(/latency average = ([\d.]+) ms/),
    failed: number(/number of failed transactions: (\d+)/) || 0,
  }
}
