import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  amountField,
  field,
  from,
  instantField,
  listField,
  nullableInstantField,
  objectField,
  optionalListField,
  readOnce,
  shapeOf,
} from '#transformers/shape'

interface Line {
  sku: string
  priceCents: number
}

interface Parcel {
  id: string
  sentAt: DateTime
  deliveredAt: DateTime | null
  lines: Line[]
  notes?: Line[]
}

const lineShape = shapeOf<Line>()({
  sku: field({ type: 'string' }, (line) => line.sku),
  price: amountField((line) => line.priceCents),
})

const parcelShape = shapeOf<Parcel>()({
  id: field({ type: 'string' }, (parcel) => parcel.id),
  sentAt: instantField((parcel) => parcel.sentAt),
  deliveredAt: nullableInstantField((parcel) => parcel.deliveredAt),
  first: objectField(lineShape, (parcel) => parcel.lines[0]),
  lines: listField(lineShape, (parcel) => parcel.lines),
  notes: optionalListField(lineShape, (parcel) => parcel.notes),
})

const parcel: Parcel = {
  id: 'p1',
  sentAt: DateTime.fromISO('2026-11-22T10:00:00.5+02:00'),
  deliveredAt: null,
  lines: [
    { sku: 'A', priceCents: 1025 },
    { sku: 'B', priceCents: 7 },
  ],
}

test.group('Transformer shapes', () => {
  test('write every field in order, converted as its kind says', ({ assert }) => {
    const body = parcelShape.write(parcel)
    assert.deepEqual(Object.keys(body), ['id', 'sentAt', 'deliveredAt', 'first', 'lines', 'notes'])
    assert.deepEqual(JSON.parse(JSON.stringify(body)), {
      id: 'p1',
      sentAt: '2026-11-22T08:00:00.500Z',
      deliveredAt: null,
      first: { sku: 'A', price: 10.25 },
      lines: [
        { sku: 'A', price: 10.25 },
        { sku: 'B', price: 0.07 },
      ],
    })
    const delivered = parcelShape.write({
      ...parcel,
      deliveredAt: DateTime.fromISO('2026-11-23T00:00:00Z'),
      notes: [{ sku: 'C', priceCents: 100 }],
    })
    assert.equal(delivered.deliveredAt, '2026-11-23T00:00:00.000Z')
    assert.deepEqual(delivered.notes, [{ sku: 'C', price: 1 }])
  })

  test('give the schema of what they write: every field required unless optional', ({ assert }) => {
    const line = {
      type: 'object',
      properties: { sku: { type: 'string' }, price: { type: 'number', minimum: 0 } },
      required: ['sku', 'price'],
      additionalProperties: false,
    }
    assert.deepEqual(parcelShape.schema, {
      type: 'object',
      properties: {
        id: { type: 'string' },
        sentAt: { type: 'string', format: 'date-time' },
        deliveredAt: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        first: line,
        lines: { type: 'array', items: line },
        notes: { type: 'array', items: line },
      },
      required: ['id', 'sentAt', 'deliveredAt', 'first', 'lines'],
      additionalProperties: false,
    })
  })

  test('a variant adds its fields after the shape’s own', ({ assert }) => {
    const counted = lineShape.with({ count: field({ type: 'integer' }, () => 2) })
    assert.deepEqual(counted.write({ sku: 'A', priceCents: 100 }), { sku: 'A', price: 1, count: 2 })
    assert.deepEqual(counted.schema.required, ['sku', 'price', 'count'])
    assert.deepEqual(lineShape.schema.required, ['sku', 'price'])
  })

  test('another source is written with the same fields', ({ assert }) => {
    const fromRow = lineShape.readerFor<{ sku_code: string; price: number }>({
      sku: (row) => row.sku_code,
      price: (row) => row.price,
    })
    assert.deepEqual(fromRow({ sku_code: 'A', price: 10.25 }), { sku: 'A', price: 10.25 })
  })

  test('read a property by name, and a value read once for several fields once', ({ assert }) => {
    let reads = 0
    const sent = readOnce((source: Parcel) => {
      reads += 1
      return source.sentAt
    })
    const shape = shapeOf<Parcel>()({
      id: field({ type: 'string' }, 'id'),
      sentAt: instantField(from(sent, (at) => at)),
      sentYear: field(
        { type: 'integer' },
        from(sent, (at) => at.toUTC().year)
      ),
      sentBy: field(
        { type: 'string' },
        from(sent, (_at, source) => source.id)
      ),
    })
    assert.deepEqual(shape.write(parcel), {
      id: 'p1',
      sentAt: '2026-11-22T08:00:00.500Z',
      sentYear: 2026,
      sentBy: 'p1',
    })
    assert.equal(reads, 1)
  })

  test('refuse a field name that is not a plain identifier', ({ assert }) => {
    assert.throws(
      () => shapeOf<Line>()({ 'sku) || (': field({}, (line) => line.sku) }),
      'Shape: "sku) || (" is not a plain field name'
    )
  })

  test('refuse a property name that is not a plain identifier', ({ assert }) => {
    const read = 'sku; process.exit()' as keyof Line & string
    assert.throws(
      () => shapeOf<Line>()({ sku: field({}, read) }),
      'Shape: "sku; process.exit()" is not a plain property name'
    )
  })
})
