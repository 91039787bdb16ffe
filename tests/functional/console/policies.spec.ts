import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Policy from '#models/policy'
import { UserType } from '#enums/user_type'
import { makeUser } from '#tests/helpers/actors'
import { PolicyFactory } from '#database/factories/policy_factory'
import { PolicyConsentService } from '#services/legal/policy_consent_service'
import { consoleAs, rowText, textOf } from '#tests/functional/console/support'
import { UNKNOWN_ID } from '#tests/helpers/ids'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { formAction } from '#tests/helpers/routes'

/** The stored policies, as comparable facts. */
async function storedPolicies() {
  const rows = await Policy.query().orderBy('id')
  return rows.map((row) => `${row.type}/${row.version}/${row.title}/${row.content}/${row.isActive}`)
}

/** A policy whose effective date has milliseconds, which the form must keep. */
function policyEffectiveToTheMillisecond() {
  return PolicyFactory.merge({
    effectiveDate: DateTime.fromISO('2030-01-02T03:04:05.678Z'),
  }).create()
}

/** Records a consent of a fresh customer, which also freezes the policy. */
async function consentTo(policy: Policy) {
  const customer = await makeUser(UserType.CUSTOMER)
  const consents = await app.container.make(PolicyConsentService)
  await consents.consent({ user: customer, clientAddress: '127.0.0.1' }, { policyId: policy.id })
}

const validForm = {
  type: 'TERMS_CONDITIONS',
  title: 'Terms of sale',
  version: '2.0',
  effectiveDate: '2031-05-01T09:30',
  content: 'Be kind.',
}

test.group('Console policies: list', (group) => {
  eachInTransaction(group)

  test('shows each type with versions, the current marker, states and consent counts', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const old = await PolicyFactory.merge({
      version: '1.0',
      effectiveDate: DateTime.utc().minus({ days: 30 }),
    }).create()
    const current = await PolicyFactory.merge({ version: '1.1' }).create()
    const scheduled = await PolicyFactory.apply('scheduled').merge({ version: '1.2' }).create()
    const retired = await PolicyFactory.apply('terms').apply('inactive').create()
    await consentTo(current)
    await consentTo(current)
    await consentTo(old)

    const html = await admin.page(urlFor('console.policies.index'))

    assert.match(
      rowText(assert, html, urlFor('console.policies.edit', { id: current.id })),
      /^1\.1 .* current 2 /
    )
    assert.match(
      rowText(assert, html, urlFor('console.policies.edit', { id: old.id })),
      /^1\.0 .* active, superseded 1 /
    )
    assert.match(
      rowText(assert, html, urlFor('console.policies.edit', { id: scheduled.id })),
      /^1\.2 .* scheduled 0 /
    )
    const retiredRow = rowText(assert, html, retired.title)
    assert.include(retiredRow, 'inactive')
    assert.include(retiredRow, 'Kept for the record')
    assert.notInclude(html, urlFor('console.policies.edit', { id: retired.id }))

    const text = textOf(html)
    assert.include(text, 'In force: version 1.1')
    assert.include(text, 'No version is in force: GET /policy/TERMS_CONDITIONS answers 404')
    // Versions of a type are listed highest first.
    assert.isBelow(html.indexOf(scheduled.id), html.indexOf(current.id))
    assert.isBelow(html.indexOf(current.id), html.indexOf(old.id))
  })
})

test.group('Console policies: new version', (group) => {
  eachInTransaction(group)

  test('the form starts from the latest version of the chosen type', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await PolicyFactory.apply('terms').merge({ version: '1.0', title: 'Old terms' }).create()
    await PolicyFactory.apply('terms').merge({ version: '1.4', title: 'Latest terms' }).create()

    const html = await admin.page(urlFor('console.policies.create'), { type: 'TERMS_CONDITIONS' })
    assert.include(html, '<option value="TERMS_CONDITIONS" selected>')
    assert.include(html, 'value="Latest terms"')
    assert.include(html, 'above 1.4')
  })

  test('an unknown type in the address is a 400 page', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(urlFor('console.policies.create'), 400, 'This cannot be done', {
      type: 'COOKIES',
    })
  })

  test('publishes a version; the date field is read as UTC', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.submit(
      formAction('console.policies.store'),
      urlFor('console.policies.create'),
      urlFor('console.policies.index'),
      validForm
    )
    assert.equal(flash.success, 'Terms & Conditions 2.0 is published.')

    const policy = await Policy.query().where('type', 'TERMS_CONDITIONS').firstOrFail()
    assert.equal(policy.title, 'Terms of sale')
    assert.equal(policy.version, '2.0')
    assert.equal(policy.content, 'Be kind.')
    assert.isTrue(policy.isActive)
    assert.equal(policy.effectiveDate.toISO(), '2031-05-01T09:30:00.000Z')
    assert.equal(policy.createdById, admin.user.id)
  })

  test('a refused form comes back with the API messages next to the fields and the input kept', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const flash = await admin.expectRefused(formAction('console.policies.store'), {
      from: urlFor('console.policies.create'),
      form: { ...validForm, title: '', version: '1.02', effectiveDate: 'soon' },
      error: 'The request is invalid',
      stored: storedPolicies,
    })
    assert.deepEqual(Object.keys(flash.inputErrorsBag).sort(), [
      'effectiveDate',
      'title',
      'version',
    ])
    assert.match(flash.inputErrorsBag.version[0], /dot-separated whole numbers/)
    assert.match(flash.inputErrorsBag.effectiveDate[0], /ISO 8601 date-time/)
    assert.equal(flash.version, '1.02')
    assert.equal(flash.content, 'Be kind.')
    assert.notProperty(flash, '_csrf')
    assert.isNull(await Policy.query().where('type', 'TERMS_CONDITIONS').first())
  })

  test('a version below an existing one is refused with the reason', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await PolicyFactory.apply('terms').merge({ version: '3.0' }).create()
    const flash = await admin.expectRefused(formAction('console.policies.store'), {
      from: urlFor('console.policies.create'),
      form: validForm,
      error: /greater than every earlier version/,
      stored: storedPolicies,
    })
    assert.equal(flash.title, 'Terms of sale')
    assert.lengthOf(await Policy.query().where('type', 'TERMS_CONDITIONS'), 1)
  })
})

test.group('Console policies: edit', (group) => {
  eachInTransaction(group)

  test('the form shows the stored values, the date to the millisecond', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const policy = await policyEffectiveToTheMillisecond()
    const html = await admin.page(urlFor('console.policies.edit', { id: policy.id }))
    assert.include(html, 'value="2030-01-02T03:04:05.678"')
    assert.include(html, `value="${policy.version}"`)
    assert.notInclude(html, 'name="type"')
  })

  test('saves the changes; an untouched date keeps its milliseconds', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const policy = await policyEffectiveToTheMillisecond()
    const flash = await admin.submit(
      formAction('console.policies.update', { id: policy.id }),
      urlFor('console.policies.edit', { id: policy.id }),
      urlFor('console.policies.index'),
      {
        title: 'Renamed',
        version: policy.version,
        effectiveDate: '2030-01-02T03:04:05.678',
        content: 'New text',
      }
    )
    assert.equal(flash.success, 'Privacy Policy 1.0 is saved.')
    await policy.refresh()
    assert.equal(policy.title, 'Renamed')
    assert.equal(policy.content, 'New text')
    assert.equal(policy.effectiveDate.toISO(), '2030-01-02T03:04:05.678Z')
    assert.equal(policy.updatedById, admin.user.id)
  })

  test('after a consent, changing the text is refused with a clear message on the form', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const policy = await PolicyFactory.create()
    await consentTo(policy)

    const page = await admin.page(urlFor('console.policies.edit', { id: policy.id }))
    assert.include(textOf(page), '1 person has consented to this version')

    const flash = await admin.expectRefused(
      formAction('console.policies.update', { id: policy.id }),
      {
        from: urlFor('console.policies.edit', { id: policy.id }),
        form: {
          title: policy.title,
          version: policy.version,
          effectiveDate: policy.effectiveDate.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS"),
          content: 'Sneaky rewrite',
        },
        error: /frozen once anyone has consented; publish a new version instead/,
        stored: storedPolicies,
      }
    )
    assert.equal(flash.content, 'Sneaky rewrite')
    const stored = await Policy.findOrFail(policy.id)
    assert.equal(stored.content, policy.content)
  })

  test('an inactive policy shows no form, and its update is refused', async ({
    client,
    assert,
  }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const policy = await PolicyFactory.apply('inactive').create()
    const html = await admin.page(urlFor('console.policies.edit', { id: policy.id }))
    assert.include(textOf(html), 'can no longer be edited')
    assert.notInclude(html, `action="${formAction('console.policies.update', { id: policy.id })}"`)

    await admin.expectRefused(formAction('console.policies.update', { id: policy.id }), {
      from: urlFor('console.policies.index'),
      form: { title: 'Revived' },
      error: 'This policy has been deactivated',
      stored: storedPolicies,
    })
    assert.notEqual(await Policy.findOrFail(policy.id).then((row) => row.title), 'Revived')
  })

  test('an unknown policy is a 404 page', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectErrorPage(
      urlFor('console.policies.edit', { id: UNKNOWN_ID }),
      404,
      'Page not found'
    )
  })
})

test.group('Console policies: deactivate', (group) => {
  eachInTransaction(group)

  test('asks first, saying what it means for the current version', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const policy = await PolicyFactory.create()
    await consentTo(policy)
    const html = await admin.page(urlFor('console.policies.confirm_deactivate', { id: policy.id }))
    const text = textOf(html)
    assert.include(text, 'Deactivate Privacy Policy 1.0?')
    assert.include(text, 'Consents 1')
    assert.include(text, 'This is the Privacy Policy in force now')
    assert.include(html, `action="${formAction('console.policies.deactivate', { id: policy.id })}"`)
    assert.isTrue(await Policy.findOrFail(policy.id).then((row) => row.isActive))
  })

  test('deactivates and keeps the record', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    const policy = await PolicyFactory.create()
    const flash = await admin.submit(
      formAction('console.policies.deactivate', { id: policy.id }),
      urlFor('console.policies.confirm_deactivate', { id: policy.id }),
      urlFor('console.policies.index')
    )
    assert.equal(flash.success, 'Privacy Policy 1.0 is deactivated.')
    const stored = await Policy.findOrFail(policy.id)
    assert.isFalse(stored.isActive)
    assert.equal(stored.updatedById, admin.user.id)
  })

  test('an unknown policy is refused with a message', async ({ client, assert }) => {
    const admin = await consoleAs(UserType.ADMIN, { client, assert })
    await admin.expectRefused(formAction('console.policies.deactivate', { id: UNKNOWN_ID }), {
      from: urlFor('console.policies.index'),
      error: 'Policy not found',
      stored: storedPolicies,
    })
  })
})
