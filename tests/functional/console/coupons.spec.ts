import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Coupon from '#models/coupon'
import { UserType } from '#enums/user_type'
import { CouponFactory } from '#database/factories/coupon_factory'
import { formatStoreDateTime } from '#support/store_time'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

/** The fields a browser sends for a valid new coupon. */
const validForm = {
  _form: 'coupon',
  code: 'spring-25',
  discountType: 'PERCENTAGE',
  discountValue: '12.5',
  minOrderAmount: '40',
  maxDiscountAmount: '',
  startDate: '2031-03-01T00:00',
  endDate: '2031-03-31T23:59:59',
  usageLimit: '',
  isActive: 'true',
}

test.group('Console coupons: list', (group) => {
  eachInTransaction(group)

  test('shows usage and where each coupon stands; deleted ones are gone', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const active = await CouponFactory.merge({
      code: 'LIVE10',
      usageLimit: 50,
      usageCount: 7,
    }).create()
    const scheduled = await CouponFactory.apply('upcoming').merge({ code: 'SOON10' }).create()
    const expired = await CouponFactory.apply('expired').merge({ code: 'GONE10' }).create()
    const usedUp = await CouponFactory.apply('usedUp').merge({ code: 'DONE10' }).create()
    const inactive = await CouponFactory.apply('inactive').merge({ code: 'OFF10' }).create()
    await CouponFactory.apply('deleted').merge({ code: 'DEAD10' }).create()
    await CouponFactory.apply('percentage')
      .merge({ code: 'PCT15', maxDiscountAmount: 2500 })
      .create()

    const html = await admin.page(urlFor('console.coupons.index'))
    assert.match(
      rowText(assert, html, active.id),
      /^LIVE10 10\.00 Marketplace none .* 7 \/ 50 active /
    )
    assert.include(rowText(assert, html, scheduled.id), '0 / ∞ scheduled')
    assert.include(rowText(assert, html, expired.id), 'expired')
    assert.include(rowText(assert, html, usedUp.id), '3 / 3 used up')
    assert.include(rowText(assert, html, inactive.id), 'inactive')
    assert.include(rowText(assert, html, 'PCT15'), '15 %, at most 25.00')
    assert.include(
      rowText(assert, html, active.id),
      `${formatStoreDateTime(active.startDate).replace('T', ' ')} to`
    )
    assert.notInclude(html, 'DEAD10')
    assert.include(textOf(html), 'Coupons (6)')
  })

  test('searches by part of the code in any case, wildcards taken literally', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await CouponFactory.merge({ code: 'SUMMER_SALE' }).create()
    await CouponFactory.merge({ code: 'SUMMERXSALE' }).create()
    await CouponFactory.merge({ code: 'WINTER' }).create()

    const found = await admin.page(urlFor('console.coupons.index'), { code: 'mer_s' })
    assert.include(found, 'SUMMER_SALE')
    assert.notInclude(found, 'SUMMERXSALE')
    assert.notInclude(found, 'WINTER')
    assert.include(found, 'value="mer_s"')

    const none = await admin.page(urlFor('console.coupons.index'), { code: 'nothing' })
    assert.include(textOf(none), 'No coupon code contains "nothing".')
  })

  test('pages through 25 coupons at a time, newest first', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const base = DateTime.now().minus({ hours: 1 })
    for (let index = 0; index < 27; index++) {
      await CouponFactory.merge({
        code: `PAGE${String(index).padStart(2, '0')}`,
        createdAt: base.plus({ minutes: index }),
      }).create()
    }
    const first = await admin.page(urlFor('console.coupons.index'))
    assert.include(first, 'PAGE26')
    assert.notInclude(first, 'PAGE01')
    assert.include(textOf(first), 'Page 1 of 2')

    const second = await admin.page(urlFor('console.coupons.index'), { page: 2 })
    assert.include(second, 'PAGE00')
    assert.include(second, 'PAGE01')
    assert.notInclude(second, 'PAGE02')
  })

  test('a malformed page number is a 400 page', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(urlFor('console.coupons.index'), 400, 'This cannot be done', {
      page: 'x',
    })
  })
})

/** The stored coupons, as comparable facts. */
async function storedCoupons() {
  const rows = await Coupon.query().orderBy('code')
  return rows.map((row) => `${row.code}/${row.discountValue}/${row.usageLimit}`)
}

test.group('Console coupons: create', (group) => {
  eachInTransaction(group)

  test('the form starts active, fixed, valid from now', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const before = formatStoreDateTime(DateTime.now().startOf('minute'))
    const html = await admin.page(urlFor('console.coupons.create'))
    const after = formatStoreDateTime(DateTime.now().startOf('minute'))
    assert.include(html, '<option value="FIXED" selected>')
    assert.match(html, /id="isActive" name="isActive" type="checkbox" value="true" checked/)
    const startValue = /name="startDate"[^>]*value="([^"]*)"/.exec(html)?.[1]
    assert.oneOf(startValue, [before, after])
  })

  test('turns the form fields into the API types: numbers, blanks, box and dates', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.submit(
      formAction('console.coupons.store'),
      urlFor('console.coupons.create'),
      urlFor('console.coupons.index'),
      validForm
    )
    assert.equal(flash.success, 'Coupon SPRING-25 is created.')

    const coupon = await Coupon.findByOrFail('code', 'SPRING-25')
    assert.equal(coupon.discountType, 'PERCENTAGE')
    assert.equal(coupon.discountValue, 1250)
    assert.equal(coupon.minOrderAmount, 4000)
    assert.isNull(coupon.maxDiscountAmount)
    assert.isNull(coupon.usageLimit)
    assert.equal(coupon.usageCount, 0)
    assert.isTrue(coupon.isActive)
    assert.equal(formatStoreDateTime(coupon.startDate), '2031-03-01T00:00:00')
    assert.equal(formatStoreDateTime(coupon.endDate), '2031-03-31T23:59:59')
  })

  test('an unticked box makes an inactive coupon; a blank minimum means none', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const { isActive, ...unticked } = validForm
    assert.equal(isActive, 'true')
    await admin.submit(
      formAction('console.coupons.store'),
      urlFor('console.coupons.create'),
      urlFor('console.coupons.index'),
      {
        ...unticked,
        minOrderAmount: '',
        maxDiscountAmount: '20',
        usageLimit: '100',
      }
    )
    const coupon = await Coupon.findByOrFail('code', 'SPRING-25')
    assert.isFalse(coupon.isActive)
    assert.equal(coupon.minOrderAmount, 0)
    assert.equal(coupon.maxDiscountAmount, 2000)
    assert.equal(coupon.usageLimit, 100)
  })

  test('every API rule comes back next to its field, with the input kept', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.coupons.store'), {
      from: urlFor('console.coupons.create'),
      form: {
        ...validForm,
        code: 'no way!',
        discountValue: '150',
        minOrderAmount: '-1',
        maxDiscountAmount: '0.001',
        startDate: '2031-02-30T10:00',
        usageLimit: '2.5',
      },
      error: 'The request is invalid',
      stored: storedCoupons,
    })
    const messages = {
      code: ['Code may contain only letters A-Z, digits 0-9, "_" and "-"'],
      discountValue: ['Discount value of a PERCENTAGE coupon must be at most 100'],
      minOrderAmount: ['Minimum order amount must be at least 0'],
      maxDiscountAmount: ['Maximum discount must have at most 2 decimal places'],
      startDate: ['Valid from is not a real calendar date and time'],
      usageLimit: ['Usage limit must be a whole number'],
    }
    assert.deepEqual(flash.inputErrorsBag, messages)
    assert.sameMembers(flash.errorSummary, Object.values(messages).flat())
    assert.equal(flash.code, 'no way!')
    assert.equal(flash.discountValue, '150')
    assert.equal(flash._form, 'coupon')
    assert.lengthOf(await Coupon.all(), 0)
  })

  test('a blank form names every required field', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.submit(
      formAction('console.coupons.store'),
      urlFor('console.coupons.create'),
      urlFor('console.coupons.create'),
      {
        _form: 'coupon',
        code: '',
        discountValue: '',
        startDate: '',
        endDate: '',
      }
    )
    assert.sameMembers(Object.keys(flash.inputErrorsBag), [
      'code',
      'discountType',
      'discountValue',
      'startDate',
      'endDate',
    ])
  })

  test('an end before the start is refused on the end date field', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.coupons.store'), {
      from: urlFor('console.coupons.create'),
      form: { ...validForm, endDate: '2031-02-01T00:00' },
      error: 'The request is invalid',
      stored: storedCoupons,
    })
    assert.deepEqual(flash.inputErrorsBag, {
      endDate: ['Valid until must be after Valid from'],
    })
    assert.isNull(await Coupon.findBy('code', 'SPRING-25'))
  })

  test('an end before the start is told together with the other mistakes', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.coupons.store'), {
      from: urlFor('console.coupons.create'),
      form: { ...validForm, code: 'x', endDate: '2031-02-01T00:00' },
      error: 'The request is invalid',
      stored: storedCoupons,
    })
    assert.sameMembers(Object.keys(flash.inputErrorsBag), ['code', 'endDate'])
    const page = await admin.pageWithFlash(urlFor('console.coupons.create'), flash)
    const summary = textOf(page.match(/<ul class="error-summary">[\s\S]*?<\/ul>/)![0])
    assert.include(summary, 'Code must have at least 3 characters')
    assert.include(summary, 'Valid until must be after Valid from')
    assert.notInclude(page, 'endDate field')
  })

  test('a code already in use is refused with the reason', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await CouponFactory.merge({ code: 'SPRING-25' }).create()
    const flash = await admin.expectRefused(formAction('console.coupons.store'), {
      from: urlFor('console.coupons.create'),
      form: validForm,
      error: 'A coupon with this code already exists',
      stored: storedCoupons,
    })
    assert.equal(flash.code, 'spring-25')
    assert.lengthOf(await Coupon.query().where('code', 'SPRING-25'), 1)
  })
})

test.group('Console coupons: edit and delete', (group) => {
  eachInTransaction(group)

  test('the form shows the stored coupon in API units', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const coupon = await CouponFactory.apply('percentage')
      .merge({ maxDiscountAmount: 1999, usageLimit: 9, usageCount: 4, isActive: false })
      .create()
    const html = await admin.page(urlFor('console.coupons.edit', { id: coupon.id }))
    assert.include(html, `value="${coupon.code}"`)
    assert.include(html, '<option value="PERCENTAGE" selected>')
    assert.match(html, /name="discountValue"[^>]*value="15"/)
    assert.match(html, /name="maxDiscountAmount"[^>]*value="19.99"/)
    assert.match(html, /name="usageLimit"[^>]*value="9"/)
    assert.match(html, /name="startDate"[^>]*value="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d"/)
    assert.notMatch(html, /name="isActive"[^>]*checked/)
    assert.include(textOf(html), 'used 4 times')
  })

  test('saves the whole form; blanks clear the cap and the limit', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const coupon = await CouponFactory.merge({ maxDiscountAmount: 500, usageLimit: 10 }).create()
    const edit = urlFor('console.coupons.edit', { id: coupon.id })
    const flash = await admin.submit(
      formAction('console.coupons.update', { id: coupon.id }),
      edit,
      urlFor('console.coupons.index'),
      validForm
    )
    assert.equal(flash.success, 'Coupon SPRING-25 is saved.')
    await coupon.refresh()
    assert.equal(coupon.code, 'SPRING-25')
    assert.equal(coupon.discountValue, 1250)
    assert.isNull(coupon.maxDiscountAmount)
    assert.isNull(coupon.usageLimit)
  })

  test('a limit below the uses counted is refused with the reason', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const coupon = await CouponFactory.merge({ usageLimit: 10, usageCount: 5 }).create()
    const flash = await admin.expectRefused(
      formAction('console.coupons.update', { id: coupon.id }),
      {
        from: urlFor('console.coupons.edit', { id: coupon.id }),
        form: { ...validForm, usageLimit: '4' },
        error: 'usageLimit cannot be lower than the 5 uses already counted',
        stored: storedCoupons,
      }
    )
    assert.equal(flash.usageLimit, '4')
    await coupon.refresh()
    assert.equal(coupon.usageLimit, 10)
    assert.notEqual(coupon.code, 'SPRING-25')
  })

  test('asks before deleting, then deletes softly', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const coupon = await CouponFactory.merge({ code: 'BYEBYE' }).create()
    const deletePage = urlFor('console.coupons.confirm_destroy', { id: coupon.id })
    const destroy = formAction('console.coupons.destroy', { id: coupon.id })
    const page = await admin.page(deletePage)
    assert.include(textOf(page), 'Delete coupon BYEBYE?')
    assert.include(page, `action="${destroy}"`)
    assert.isNull(await Coupon.findOrFail(coupon.id).then((row) => row.deletedAt))

    const flash = await admin.submit(destroy, deletePage, urlFor('console.coupons.index'))
    assert.equal(flash.success, 'The coupon is deleted.')
    assert.isNotNull(await Coupon.findOrFail(coupon.id).then((row) => row.deletedAt))

    const again = await admin.submit(
      destroy,
      urlFor('console.coupons.index'),
      urlFor('console.coupons.index')
    )
    assert.equal(again.error, 'Coupon not found')
  })

  test('unknown and deleted coupons are 404 pages', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const deleted = await CouponFactory.apply('deleted').create()
    for (const path of [
      urlFor('console.coupons.edit', { id: UNKNOWN_ID }),
      urlFor('console.coupons.edit', { id: deleted.id }),
      urlFor('console.coupons.confirm_destroy', { id: deleted.id }),
    ]) {
      await admin.expectErrorPage(path, 404, 'Coupon not found')
    }
  })
})
