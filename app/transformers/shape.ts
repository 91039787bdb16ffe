/*
| A response body declared once: each field's JSON schema beside how it is read (a property of
| the resource, by name, or a function of it). The OpenAPI document takes a shape's `schema`
| (app/openapi/components.ts); its transformer answers with the shape's `write`. `write` is
| compiled once per shape into one object literal
| (`{ id: source.id, inStock: read8(source), createdAt: write9(source.createdAt), ... }`), so
| writing a body costs what a hand-written `toObject` cost: nothing walks the fields on a
| request, and every call in it has one target, as in hand-written code
| (docs/contributing/api.md, "Transformer").
*/
import type { DateTime } from 'luxon'
import { amount, arrayOf, instant, nullable, objectOf, type JsonSchema } from '#openapi/json_schema'
import { centsToAmount } from '#support/money'

/** Carries a field's JSON value type for the compiler; no field has it at run time. */
declare const VALUE: unique symbol

/** The names of the properties of `Source` that hold a `Value`. */
type KeyOf<Source, Value> = {
  [K in keyof Source]-?: Source[K] extends Value ? K : never
}[keyof Source] &
  string

/**
 * A value read once per body for the fields made `from` it: a Lucid property is a call through
 * the model's proxy, so fields that all need it read it once.
 */
export interface Once<Source, Value> {
  readonly read: (source: Source) => Value
}

/** A reader of a value read `once`, given that value and the resource. */
export interface Derived<Source, Value> {
  readonly once: Once<Source, unknown>
  readonly derive: (shared: never, source: Source) => Value
}

/**
 * How a field is read: a property of the resource, by name; a function of the resource; or a
 * function of a value read once for several fields (`from`).
 */
export type Reader<Source, Value> =
  KeyOf<Source, Value> | ((source: Source) => Value) | Derived<Source, Value>

/** One field of a body: its schema, how it is read from the resource, how it is written. */
export interface Field<Source, Value> {
  readonly schema: JsonSchema
  readonly read: string | ((source: Source) => unknown) | Derived<Source, unknown>
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

/** The expression that reads field `index`; `shared` is the variable of its `Once`, if any. */
function reading(spec: Field<never, unknown>, index: number, shared?: string): string {
  if (typeof spec.read === 'function') return `read${index}(source)`
  if (typeof spec.read === 'object') return `read${index}(${shared}, source)`
  if (!IDENTIFIER.test(spec.read)) {
    throw new Error(`Shape: "${spec.read}" is not a plain property name`)
  }
  return `source.${spec.read}`
}

/** The expression that writes field `index` of the compiled writer. */
function expression(spec: Field<never, unknown>, index: number, shared?: string): string {
  const read = reading(spec, index, shared)
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
  const onces: Array<Once<Source, unknown>> = []
  const sharedOf = (spec: Field<Source, unknown>) => {
    if (typeof spec.read !== 'object') return undefined
    if (!onces.includes(spec.read.once)) onces.push(spec.read.once)
    return `shared${onces.indexOf(spec.read.once)}`
  }
  const entries = names.map(
    (name, index) => `${name}: ${expression(fields[name], index, sharedOf(fields[name]))}`
  )
  const readers = names.map((name) => {
    const read = fields[name].read
    return typeof read === 'object' ? read.derive : read
  })
  const prelude = onces.map((_, index) => `const shared${index} = once${index}(source);`)
  if (names.some((name) => fields[name].list && fields[name].optional)) prelude.push('let value;')
  const parameters = [
    ...names.flatMap((_, index) => [`read${index}`, `write${index}`]),
    ...onces.map((_, index) => `once${index}`),
  ]
  const functions = [
    ...names.flatMap((name, index) => [readers[index], fields[name].write]),
    ...onces.map((once) => once.read),
  ]
  // Built once per shape, from the field and property names checked above, never from input. A
  // property read by name is written inline, so its parameter goes unused.
  const build = new Function(
    ...parameters,
    `return (source) => { ${prelude.join(' ')} return { ${entries.join(', ')} } }`
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
  readerFor<Other>(readers: { [K in keyof F]: Reader<Other, BodyOf<F>[K]> }) {
    const fields: Fields<Other> = {}
    for (const name of Object.keys(this.fields)) fields[name] = { schema: {}, read: readers[name] }
    return compile<Other, Fields<Other>>(fields) as (source: Other) => BodyOf<F>
  }
}

/** `shapeOf<Shop>()({ id: field(uuid, 'id'), ... })`: the body of a `Shop`. */
export function shapeOf<Source>() {
  return <F extends Fields<Source>>(fields: F) => new Shape<Source, F>(fields)
}

/** A field written as it is read: a property of the resource by name, or a function of it. */
export function field<Source, Key extends keyof Source & string>(
  schema: JsonSchema,
  read: Key
): Field<Source, Source[Key]>
export function field<Source, Value>(
  schema: JsonSchema,
  read: ((source: Source) => Value) | Derived<Source, Value>
): Field<Source, Value>
export function field<Source>(
  schema: JsonSchema,
  read: string | ((source: Source) => unknown) | Derived<Source, unknown>
): Field<Source, unknown> {
  return { schema, read }
}

/** A value several fields are made from, read once per body. */
export function readOnce<Source, Value>(read: (source: Source) => Value): Once<Source, Value> {
  return { read }
}

/** A field's reader that gets the value read `once` (and the resource). */
export function from<Source, Shared, Value>(
  once: Once<Source, Shared>,
  derive: (shared: Shared, source: Source) => Value
): Derived<Source, Value> {
  return { once, derive }
}

/** An instant as every response writes it: ISO 8601 in UTC with milliseconds and `Z`. */
export function instantText(value: DateTime): string {
  return value.toJSDate().toISOString()
}

function nullableInstantText(value: DateTime | null): string | null {
  return value === null ? null : instantText(value)
}

/** An instant, read as a `DateTime`. */
export function instantField<Source>(read: Reader<Source, DateTime>): Field<Source, string> {
  return { schema: instant, read, write: instantText }
}

/** An instant or null. */
export function nullableInstantField<Source>(
  read: Reader<Source, DateTime | null>
): Field<Source, string | null> {
  return { schema: nullable(instant), read, write: nullableInstantText }
}

/** Money, read in integer cents and written as the decimal amount (1025 → 10.25). */
export function amountField<Source>(
  read: Reader<Source, number>,
  description?: string
): Field<Source, number> {
  return { schema: amount(description), read, write: centsToAmount }
}

/** A nested object with a shape of its own. */
export function objectField<Source, Inner, F extends Fields<Inner>>(
  shape: Shape<Inner, F>,
  read: Reader<Source, Inner>
): Field<Source, BodyOf<F>> {
  return { schema: shape.schema, read, write: shape.write }
}

/** A list of objects of one shape. */
export function listField<Source, Item, F extends Fields<Item>>(
  shape: Shape<Item, F>,
  read: Reader<Source, readonly Item[]>
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
