import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Policy from '#models/policy'
import { parseVersion } from '#services/legal/policy_version'

/**
 * Active privacy policies in force since yesterday, version 1.0 unless merged otherwise. The
 * numeric version columns are derived from `version` just before saving, so `merge({ version })`
 * is all a test needs.
 */
export const PolicyFactory = factory
  .define(Policy, ({ faker }) => ({
    type: 'PRIVACY_POLICY' as const,
    title: faker.lorem.sentence({ min: 2, max: 6 }),
    content: faker.lorem.paragraphs(3),
    version: '1.0',
    effectiveDate: DateTime.utc().minus({ days: 1 }),
    isActive: true,
    lockedAt: null,
  }))
  .state('terms', (policy) => (policy.type = 'TERMS_CONDITIONS'))
  .state('inactive', (policy) => (policy.isActive = false))
  .state('scheduled', (policy) => (policy.effectiveDate = DateTime.utc().plus({ days: 7 })))
  .before('create', (_factory, policy) => {
    const parts = parseVersion(policy.version)
    if (!parts) throw new Error(`PolicyFactory: "${policy.version}" is not a valid version`)
    ;[policy.versionMajor, policy.versionMinor, policy.versionPatch] = parts
  })
  .build()
