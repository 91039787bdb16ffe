import { test } from '@japa/runner'
import { clockAt, stoppedClock } from '#tests/helpers/clock'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { placedCheckout } from '#tests/functional/orders/support'
import { actorOf } from '#support/actor'
import { PolicyFactory } from '#database/factories/policy_factory'
import { PolicyConsentService } from '#services/legal/policy_consent_service'
import { CsvExportService } from '#services/admin/csv_export_service'
import { csvCell, csvLine } from '#support/csv'
import { consoleAs } from '#tests/functional/console/support'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

const ORDER_HEADER =
  '"orderNumber","placedAt","shopName","customerEmail","status","paymentStatus","currency",' +
  '"subTotal","discountAmount","shippingCost","taxAmount","total","couponCode"'

/** The first cell of a CSV line whose first cell holds no comma. */
function firstCell(line: string) {
  return line.split(',')[0].replaceAll('"', '')
}

/** The lines of a CSV body whose fields hold no line break; each must end in CRLF. */
function linesOf(body: string) {
  if (!body.endsWith('\r\n')) throw new Error(`a CSV body ends in CRLF: ${JSON.stringify(body)}`)
  return body.slice(0, -2).split('\r\n')
}

/** An instant as the exports write it (the tests' store time zone is UTC): to the second. */
function exported(instant: DateTime) {
  return instant.toUTC().startOf('second').toISO({ suppressMilliseconds: true })
}

/** Everything an export generator yields, joined. */
async function drained(lines: AsyncIterable<string>) {
  let body = ''
  for await (const line of lines) body += line
  return body
}

test.group('CSV cells', () => {
  test('quotes every text cell, doubling quotes; guards formula starts; numbers as they are', ({
    assert,
  }) => {
    assert.equal(csvCell('plain'), '"plain"')
    assert.equal(csvCell('a,b'), '"a,b"')
    assert.equal(csvCell('say "hi"'), '"say ""hi"""')
    assert.equal(csvCell('two\nlines'), '"two\nlines"')
    assert.equal(csvCell('cr\rhere'), '"cr\rhere"')
    assert.equal(csvCell('=1+1'), `"'=1+1"`)
    assert.equal(csvCell('+cmd'), `"'+cmd"`)
    assert.equal(csvCell('-2'), `"'-2"`)
    assert.equal(csvCell('@SUM(A1)'), `"'@SUM(A1)"`)
    assert.equal(csvCell('\tx'), `"'\tx"`)
    assert.equal(csvCell('\rx'), `"'\rx"`)
    assert.equal(csvCell('\uFF1D1+1'), `"'\uFF1D1+1"`)
    assert.equal(csvCell('=HYPERLINK("x","y")'), `"'=HYPERLINK(""x"",""y"")"`)
    // A separator inside a cell never starts a new one, whichever separator the reader uses.
    assert.equal(csvCell('Acme;=1+1'), '"Acme;=1+1"')
    assert.equal(csvCell('Acme,=1+1'), '"Acme,=1+1"')
    assert.equal(csvCell('a=b'), '"a=b"')
    assert.equal(csvCell(''), '""')
    assert.equal(csvCell(-2.5), '-2.5')
    assert.equal(csvCell(null), '')
    assert.equal(csvCell(undefined), '')
    assert.equal(csvLine(['a', 1, null, 'b,c']), '"a",1,,"b,c"\r\n')
  })
})

test.group('Console CSV exports', (group) => {
  eachInTransaction(group)

  test('orders: a streamed download of the filtered list, every page, escaped and guarded', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const one = await placedCheckout()
    const two = await placedCheckout()
    const [tricky, formula] = one.orders
    await db
      .from('orders')
      .where('id', tricky.id)
      .update({ shop_name: 'Acme, "Best"\nGoods', coupon_code: '=1+1' })
    await db
      .from('orders')
      .where('id', formula.id)
      .update({ shop_name: '+cmd', coupon_code: '@SUM(A1)', status: 'CANCELLED' })
    await db.from('users').where('id', one.customer.user.id).update({ email: '-x@example.com' })

    const response = await admin.get(urlFor('console.orders.export'))
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'text/csv; charset=utf-8')
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    assert.isUndefined(response.header('content-length'), 'streamed, not measured in advance')
    const body = response.text()
    assert.isTrue(body.startsWith(`${ORDER_HEADER}\r\n`))
    assert.include(
      body,
      `\r\n"${tricky.orderNumber}","${exported(tricky.createdAt)}",` +
        `"Acme, ""Best""\nGoods","'-x@example.com","PENDING","UNPAID","USD",`
    )
    assert.isTrue(body.includes(`,"'=1+1"\r\n`), 'a formula coupon code is guarded')
    assert.include(body, `\r\n"${formula.orderNumber}",`)
    assert.include(body, `,"'+cmd","'-x@example.com","CANCELLED","UNPAID","USD",`)
    assert.include(body, `,"'@SUM(A1)"\r\n`)
    for (const order of two.orders) assert.include(body, `\r\n"${order.orderNumber}",`)
    const totals = `,${(tricky.totalCents / 100).toString()},"'=1+1"`
    assert.include(body, totals)

    const cancelled = await admin.get(urlFor('console.orders.export'), {
      status: 'CANCELLED',
      customerEmail: '',
    })
    assert.deepEqual(linesOf(cancelled.text()), [
      ORDER_HEADER,
      `"${formula.orderNumber}","${exported(formula.createdAt)}",` +
        `"'+cmd","'-x@example.com","CANCELLED","UNPAID","USD",${formula.subTotalCents / 100},` +
        `${formula.discountAmountCents / 100},${formula.shippingCostCents / 100},` +
        `${formula.taxAmountCents / 100},${formula.totalCents / 100},"'@SUM(A1)"`,
    ])

    assert.match(
      cancelled.header('content-disposition') ?? '',
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}-status-CANCELLED\.csv"$/
    )

    const byCustomer = await admin.get(urlFor('console.orders.export'), {
      customerEmail: two.customer.user.email,
      from: '2020-01-01',
      to: '',
    })
    const emailInName = two.customer.user.email.replace(/[^A-Za-z0-9._-]+/g, '_')
    assert.match(
      byCustomer.header('content-disposition') ?? '',
      new RegExp(
        `^attachment; filename="orders-\\d{4}-\\d{2}-\\d{2}-from-2020-01-01-email-${emailInName.replace(/[.]/g, '\\.')}\\.csv"$`
      )
    )
    assert.sameMembers(
      linesOf(byCustomer.text()).slice(1).map(firstCell),
      two.orders.map((order) => order.orderNumber)
    )

    const invalid = await admin.get(urlFor('console.orders.export'), { status: 'LOST' })
    invalid.assertStatus(400)
  })

  test('orders: batches follow one another without a gap or a repeat', async ({ assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const first = await placedCheckout()
    const second = await placedCheckout()
    const placed = [...first.orders, ...second.orders]
    const exports = await app.container.make(CsvExportService)
    exports.batchSize = 3
    const lines = linesOf(await drained(exports.orders(actorOf(admin), {})))
    assert.equal(lines[0], ORDER_HEADER)
    assert.sameMembers(
      lines.slice(1).map(firstCell),
      placed.map((order) => order.orderNumber)
    )
    exports.batchSize = 2
    assert.lengthOf(linesOf(await drained(exports.orders(actorOf(admin), {}))), 5)
  })

  test('consents: every record, oldest first, in batches, escaped', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const policy = await PolicyFactory.create()
    const consents = await app.container.make(PolicyConsentService)
    const customers = [
      await makeUser(UserType.CUSTOMER),
      await makeUser(UserType.CUSTOMER),
      await makeUser(UserType.CUSTOMER),
    ]
    // One second apart: consents in the same millisecond would tie on the export's order.
    const start = stoppedClock(cleanup)
    for (const [index, customer] of customers.entries()) {
      clockAt(start.plus({ seconds: index }).toMillis())
      await consents.consent(
        { user: customer, clientAddress: `10.0.0.${index + 1}` },
        {
          policyId: policy.id,
          userAgent: index === 0 ? 'Agent, "quoted"' : '=cmd|calc',
        }
      )
    }
    // The export takes what was consented before it started.
    clockAt(start.plus({ seconds: customers.length }).toMillis())

    const response = await admin.get(urlFor('console.policies.export_consents'))
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'text/csv; charset=utf-8')
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="consents-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    const lines = linesOf(response.text())
    assert.equal(
      lines[0],
      '"consentedAt","userEmail","policyType","policyVersion","ipAddress","userAgent"'
    )
    assert.lengthOf(lines, 4)
    assert.match(
      lines[1],
      new RegExp(
        `^"\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})","${customers[0].email}",` +
          `"${policy.type}","${policy.version}","10\\.0\\.0\\.1","Agent, ""quoted"""$`
      )
    )
    assert.isTrue(lines[2].endsWith(`,"10.0.0.2","'=cmd|calc"`))
    assert.isTrue(lines[3].includes(customers[2].email))

    const exports = await app.container.make(CsvExportService)
    exports.batchSize = 2
    assert.deepEqual(linesOf(await drained(exports.consents())), lines)
  })
})
