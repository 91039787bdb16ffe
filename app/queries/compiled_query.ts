import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import type { LucidModel, ModelObject } from '@adonisjs/lucid/types/model'

/** What a query builder gives once compiled: its SQL with `?` placeholders and their values. */
interface Compilable {
  toSQL(): { sql: string; bindings: readonly unknown[] }
}

/** The compiled SQL and, for each bound value, the parameter it stands for (or -1: a constant). */
interface Compiled {
  sql: string
  /** PostgreSQL: the name the statement is prepared under, once per connection. */
  statementName?: string
  bindings: StrictValues[]
  parameterAt: number[]
}

/** Hooks the query builder runs around a read, which a compiled query cannot. */
const FIND_HOOKS = ['before:find', 'after:find', 'before:fetch', 'after:fetch']

/** Stands for parameter `i` while the query is compiled; no real value looks like it. */
const placeholder = (index: number) => `\u0000compiled-query-parameter-${index}\u0000`

/**
 * A hot statement whose SQL is compiled once per dialect and then only sent with new values.
 * Building the query (scopes, `whereHas`) and compiling it was as costly as running it: a third
 * of a product read's CPU (docs/performance.md, "Profile"). Mostly reads; a write whose outcome
 * matters says so with `RETURNING`, since `rows` answers rows, not a count. The query is written
 * with the query builder as usual, so scopes stay the one definition of their rules; `build`
 * receives a placeholder for each parameter, and each placeholder must end up as a bound value
 * (never in a raw SQL string), which `#compile` checks.
 *
 * On PostgreSQL the statement is also prepared, once per pooled connection (node-postgres' named
 * statements, named by a hash of the SQL), so the server parses and plans it once rather than on
 * every request (after five runs it may keep a generic plan, as for any prepared statement:
 * these find their rows by key). A connection pooler in front of PostgreSQL must keep sessions
 * (PgBouncer's session mode) for this.
 */
export class CompiledQuery<Parameters extends StrictValues[]> {
  #compiled = new Map<string, Compiled>()

  constructor(
    private readonly arity: Parameters['length'],
    private readonly build: (client: QueryClientContract, ...parameters: string[]) => Compilable
  ) {}

  /** The rows for `parameters`, read through `client` (a transaction, or the default connection). */
  async rows<Row>(parameters: Parameters, client: QueryClientContract = db.connection()) {
    const compiled = this.#compile(client)
    const bindings = compiled.bindings.map((value, at) => {
      const parameter = compiled.parameterAt[at]
      return parameter === -1 ? value : parameters[parameter]
    })
    const query = client.rawQuery(compiled.sql, bindings)
    if (compiled.statementName) query.knexQuery.options({ name: compiled.statementName })
    const result = await query
    return (Array.isArray(result) ? result : result.rows) as Row[]
  }

  /**
   * The rows as instances of `model`, exactly as the query builder's `first()`/`exec()` makes
   * them (bound to `client`, so a save goes through the same transaction). Only for models with
   * no find or fetch hooks: the query builder runs those, a compiled query cannot.
   */
  async models<Model extends LucidModel>(
    model: Model,
    parameters: Parameters,
    client: QueryClientContract = db.connection()
  ): Promise<InstanceType<Model>[]> {
    if (FIND_HOOKS.some((event) => model.$hooks.has(event))) {
      throw new Error(`${model.name} has find or fetch hooks, which a compiled query would skip`)
    }
    const rows = await this.rows<ModelObject>(parameters, client)
    return model.$createMultipleFromAdapterResult(
      rows,
      {},
      {
        client,
        connection: client.connectionName,
      }
    ) as InstanceType<Model>[]
  }

  #compile(client: QueryClientContract): Compiled {
    const known = this.#compiled.get(client.dialect.name)
    if (known) return known
    const placeholders = Array.from({ length: this.arity }, (_unused, index) => placeholder(index))
    const { sql, bindings } = this.build(client, ...placeholders).toSQL()
    const parameterAt = bindings.map((value) => placeholders.indexOf(value as string))
    for (const [index, text] of placeholders.entries()) {
      if (!parameterAt.includes(index) || sql.includes(text)) {
        throw new Error(`parameter ${index} of a compiled query is not a bound value`)
      }
    }
    const compiled = {
      sql,
      statementName:
        client.dialect.name === 'postgres'
          ? `compiled_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`
          : undefined,
      bindings: [...bindings] as StrictValues[],
      parameterAt,
    }
    this.#compiled.set(client.dialect.name, compiled)
    return compiled
  }
}
