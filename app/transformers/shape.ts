/*
| A response body declared once: each field's JSON schema beside how it is read. The OpenAPI
| document takes a shape's `schema` (app/openapi/components.ts); its transformer answers with the
| shape's `write`. `write` is compiled once per shape into one object literal
| (`{ id: read0(source), createdAt: write9(read9(source)), ... }`), so writing a body costs what a
| hand-written `toObject` cost: nothing walks the fields on a request, and every call in it has
| one target, as in hand-written code (docs/contributing/api.md, "Transformer").
*/
import type { DateTime } from 'luxon'
import { amount, arrayOf, instant, nullable, objectOf, type JsonSchema } from '#openapi/json_schema'
import { centsToAmount } from '#support/money'

/** Carries a field's JSON value type for the compiler; no field has it at run time. */
declare const VALUE: unique symbol

/** One field of a body: its schema, how it is read from the resource, how it is written. */
export interface Field<Source, Value> {
  readonly schema: JsonSchema
  readonly read: (source: Source) => unknown
  /** Turns what `read` gave into the JSON value (each item's, for a list); none: as read. */
  readonly write?: (raw: never) => unknown
  /** `read` gives a list whose items `write` writes. */
  readonly list?: boolean
  /** Left out of `required`; `read` gives undefined when it is not there (absent from the JSON). */
  readonly optional?: boolean
  readonly [VALUE]?: Value
}

type Fields<Source> = Record<string, Field<Source, unknown>>

/** The JSON body a set of fields writes. */
export type BodyOf<F> = {
  [K in keyof F]: F[K] extends Field<never, infer Value> ? Value : never
}

/** Field names become property names of generated code: plain identifiers only. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** The expression that writes field `index` of the compiled writer. */
function expression(spec: Field<never, unknown>, index: number): string {
  const read = `read${index}(source)`
  if (!spec.write) return read
  if (!spec.list) return `write${index}(${read})`
  if (!spec.optional) return `${read}.map(write${index})`
  return `(value = ${read}) === undefined ? undefined : value.map(write${index})`
}

/** One function that reads every field into one object literal. */
function compile<Source, F extends Fields<Source>>(fields: F): (source: Source) => BodyOf<F> {
  const names = Object.keys(fields)
  for (const name of names) {
    if (!IDENTIFIER.test(name)) throw new Error(`Shape: "${name}" is not a plain field name`)
  }
  const entries = names.map((name, index) => `${name}: ${expression(fields[name], index)}`)
  const parameters = names.flatMap((_, index) => [`read${index}`, `write${index}`])
  const functions = names.flatMap((name) => [fields[name].read, fields[name].write])
  // Built once per shape, from the field names checked above; never from input.
  const build = new Function(
    ...parameters,
    `return (source) => { let value; return { ${entries.join(', ')} } }`
  )
  return build(...functions)
}

/** A response body: its fields, its JSON schema and the compiled writer. */
export class Shape<Source, F extends Fields<Source>> {
  /** The JSON schema of the body: every field, required unless optional, nothing else. */
  readonly schema: JsonSchema
  /** Writes the body of one resource. */
  readonly write: (source: Source) => BodyOf<F>

  constructor(readonly fields: F) {
    const schemas = Object.fromEntries(
      Object.entries(fields).map(([name, { schema }]) => [name, schema])
    )
    const optional = Object.keys(fields).filter((name) => fields[name].optional)
    this.schema = objectOf(schemas, optional)
    this.write = compile<Source, F>(fields)
  }

  /** This body with more fields after its own: a variant (a route that shows more). */
  with<More extends Fields<Source>>(more: More): Shape<Source, F & More> {
    return new Shape<Source, F & More>({ ...this.fields, ...more })
  }

  /**
   * A writer of the same body from another source (a row read without a model): one reader per
   * field, each checked by the compiler against this shape's value.
   */
  readerFor<Other>(readers: { [K in keyof F]: (source: Other) => BodyOf<F>[K] }) {
    const fields: Fields<Other> = {}
    for (const name of Object.keys(this.fields)) fields[name] = { schema: {}, read: readers[name] }
    return compile<Other, Fields<Other>>(fields) as (source: Other) => BodyOf<F>
  }
}

/** `shapeOf<Shop>()({ id: field(uuid, (shop) => shop.id), ... })`: the body of a `Shop`. */
export function shapeOf<Source>() {
  return <F extends Fields<Source>>(fields: F) => new Shape<Source, F>(fields)
}

/** A field written as it is read. */
export function field<Source, Value>(
  schema: JsonSchema,
  read: (source: Source) => Value
): Field<Source, Value> {
  return { schema, read }
}

/** An instant as every response writes it: ISO 8601 in UTC with milliseconds and `Z`. */
export function instantText(value: DateTime): string {
  return value.toJSDate().toISOString()
}

function nullableInstantText(value: DateTime | null): string | null {
  return value === null ? null : instantText(value)
}

/** An instant, read as a `DateTime`. */
export function instantField<Source>(read: (source: Source) => DateTime): Field<Source, string> {
  return { schema: instant, read, write: instantText }
}

/** An instant or null. */
export function nullableInstantField<Source>(
  read: (source: Source) => DateTime | null
): Field<Source, string | null> {
  return { schema: nullable(instant), read, write: nullableInstantText }
}

/** Money, read in integer cents and written as the decimal amount (1025 → 10.25). */
export function amountField<Source>(
  read: (source: Source) => number,
  description?: string
): Field<Source, number> {
  return { schema: amount(description), read, write: centsToAmount }
}

/** A nested object with a shape of its own. */
export function objectField<Source, Inner, F extends Fields<Inner>>(
  shape: Shape<Inner, F>,
  read: (source: Source) => Inner
): Field<Source, BodyOf<F>> {
  return { schema: shape.schema, read, write: shape.write }
}

/** A list of objects of one shape. */
export function listField<Source, Item, F extends Fields<Item>>(
  shape: Shape<Item, F>,
  read: (source: Source) => readonly Item[]
): Field<Source, Array<BodyOf<F>>> {
  return { schema: arrayOf(shape.schema), read, write: shape.write, list: true }
}

/** A list of objects of one shape that is there only when it was loaded. */
export function optionalListField<Source, Item, F extends Fields<Item>>(
  shape: Shape<Item, F>,
  read: (source: Source) => readonly Item[] | undefined
): Field<Source, Array<BodyOf<F>> | undefined> {
  return { schema: arrayOf(shape.schema), read, write: shape.write, list: true, optional: true }
}
