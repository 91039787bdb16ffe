import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import Policy from '#models/policy'
import Coupon from '#models/coupon'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { PolicyFactory } from '#database/factories/policy_factory'
import { CouponFactory } from '#database/factories/coupon_factory'
import { PolicyConsentService } from '#services/legal/policy_consent_service'
import { screenshot, seedDemoStore, signIn, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** The messages shown next to a form control, by the control's id. */
function errorNextTo(page: Page, id: string) {
  return page.locator('.field', { has: page.locator(`#${id}`) }).locator('.field-error')
}

test.group('Console in a browser: policies', (group) => {
  eachInTransaction(group)

  test('an admin publishes a new version, then deactivates it after confirming', async ({
    visit,
    assert,
  }) => {
    await seedDemoStore()

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Policies' }).click()
    await page.assertPath(urlFor('console.policies.index'))
    await screenshot(page, 'policies')

    await page.getByRole('link', { name: 'New version of the Privacy Policy' }).click()
    await page.assertInputValue('#title', 'Privacy Policy')
    await page.getByLabel('Version').fill('2.0')
    await page.getByLabel('Effective date and time (UTC)').fill('2030-01-01T09:00')
    await page.getByLabel('Content').fill('We keep what we must, and nothing more.')
    await screenshot(page, 'policy-form')
    await page.getByRole('button', { name: 'Publish version' }).click()

    await page.assertPath(urlFor('console.policies.index'))
    await page.assertTextContains('.flash.success', 'Privacy Policy 2.0 is published.')
    const published = await Policy.query()
      .where('type', 'PRIVACY_POLICY')
      .where('version', '2.0')
      .firstOrFail()
    assert.equal(published.effectiveDate.toISO(), '2030-01-01T09:00:00.000Z')
    await page.assertTextContains(`tr:has(a[href$="/${published.id}/edit"])`, 'scheduled')

    await page.getByRole('link', { name: 'Deactivate Privacy Policy 2.0' }).click()
    await page.assertTextContains('h1', 'Deactivate Privacy Policy 2.0?')
    await page.getByRole('button', { name: 'Deactivate version 2.0' }).click()
    await page.assertPath(urlFor('console.policies.index'))
    await page.assertTextContains('.flash.success', 'Privacy Policy 2.0 is deactivated.')
    await published.refresh()
    assert.isFalse(published.isActive)
  })

  test('editing the text of a consented policy shows why on the form', async ({
    visit,
    assert,
  }) => {
    const admin = await makeUser(UserType.ADMIN)
    const policy = await PolicyFactory.create()
    const customer = await makeUser(UserType.CUSTOMER)
    const consents = await app.container.make(PolicyConsentService)
    await consents.consent({ user: customer, clientAddress: '127.0.0.1' }, { policyId: policy.id })

    const page = await visit(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.goto(urlFor('console.policies.edit', { id: policy.id }))
    await page.getByLabel('Content').fill('A quiet rewrite')
    await page.getByRole('button', { name: 'Save changes' }).click()

    await page.assertPath(urlFor('console.policies.edit', { id: policy.id }))
    await page.assertTextContains('.flash.error', 'publish a new version instead')
    await page.assertInputValue('#policy-content', 'A quiet rewrite')
    await policy.refresh()
    assert.notEqual(policy.content, 'A quiet rewrite')
  })
})

test.group('Console in a browser: coupons', (group) => {
  eachInTransaction(group)

  test('a refused coupon keeps the input and shows each message by its field', async ({
    visit,
    assert,
  }) => {
    await seedDemoStore()

    const page = await openAsDemoAdmin(visit)
    await page.getByRole('link', { name: 'Coupons', exact: true }).click()
    await page.getByRole('link', { name: 'New coupon' }).click()

    await page.getByLabel('Code').fill('spring-25')
    await page.getByLabel('Discount type').selectOption('PERCENTAGE')
    await page.getByLabel('Discount value').fill('150')
    await page.getByLabel('Maximum discount (USD)').fill('20')
    await page.getByLabel('Valid from (store time, UTC)').fill('2031-03-01T00:00')
    await page.getByLabel('Valid until (store time, UTC)').fill('2031-03-31T23:59:59')
    await page.getByLabel('Usage limit').fill('0')
    await page.getByRole('button', { name: 'Create coupon' }).click()

    await page.assertPath(urlFor('console.coupons.create'))
    await page.assertTextContains('.flash.error', 'The request is invalid')
    assert.equal(
      await errorNextTo(page, 'discountValue').textContent(),
      'Discount value of a PERCENTAGE coupon must be at most 100'
    )
    assert.match(
      (await errorNextTo(page, 'usageLimit').textContent()) ?? '',
      /^Usage limit must be between 1 and /
    )
    await page.assertElementsCount('.flash.error .error-summary li', 2)
    await page.assertTextContains('.flash.error', 'Discount value of a PERCENTAGE coupon')
    await page.assertTextContains('.flash.error', 'Usage limit must be between 1 and')
    assert.equal(await errorNextTo(page, 'code').count(), 0)
    await page.assertInputValue('#code', 'spring-25')
    await page.assertInputValue('#maxDiscountAmount', '20')
    await page.assertInputValue('#endDate', '2031-03-31T23:59:59')
    await page.assertSelectedOptions('#discountType', ['PERCENTAGE'])
    await page.assertChecked('#isActive')
    await screenshot(page, 'coupon-form-error')
    assert.isNull(await Coupon.findBy('code', 'SPRING-25'))

    await page.getByLabel('Discount value').fill('25')
    await page.getByLabel('Usage limit').fill('500')
    await page.getByRole('button', { name: 'Create coupon' }).click()

    await page.assertPath(urlFor('console.coupons.index'))
    await page.assertTextContains('.flash.success', 'Coupon SPRING-25 is created.')
    await page.assertTextContains('tr:has-text("SPRING-25")', '0 / 500')
    await page.assertTextContains('tr:has-text("LAUNCH20")', 'used up')
    await page.assertTextContains('tr:has-text("SUMMER15")', 'expired')
    await page.assertTextContains('tr:has-text("HOLIDAY25")', 'scheduled')
    await screenshot(page, 'coupons')
    const coupon = await Coupon.findByOrFail('code', 'SPRING-25')
    assert.equal(coupon.discountValue, 2500)
    assert.equal(coupon.maxDiscountAmount, 2000)
    assert.equal(coupon.usageLimit, 500)
  })

  test('a coupon is deleted only after confirming', async ({ visit, assert }) => {
    const admin = await makeUser(UserType.ADMIN)
    const coupon = await CouponFactory.merge({ code: 'BYE10' }).create()
    const page = await visit(urlFor('console.login'))
    await signIn(page, admin.email)
    await page.goto(urlFor('console.coupons.index', {}, { qs: { code: 'bye' } }))
    await page.getByRole('link', { name: 'Delete coupon BYE10' }).click()
    await page.assertTextContains('h1', 'Delete coupon BYE10?')
    await page.getByRole('link', { name: 'Keep it' }).click()
    await coupon.refresh()
    assert.isNull(coupon.deletedAt)

    await page.getByRole('link', { name: 'Delete coupon BYE10' }).click()
    await page.getByRole('button', { name: 'Delete coupon BYE10' }).click()
    await page.assertTextContains('.flash.success', 'The coupon is deleted.')
    await page.assertNotExists('tr:has-text("BYE10")')
    await coupon.refresh()
    assert.isNotNull(coupon.deletedAt)
  })
})
