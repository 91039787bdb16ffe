import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import type { LucidModel } from '@adonisjs/lucid/types/model'

/**
 * Runs each test of `group` in a transaction rolled back after it, so whatever a test writes is
 * gone before the next one. The rows of each model in `emptied` are deleted first, so a test
 * that counts them starts from none whatever the seeds added.
 */
export function eachInTransaction(group: Group, ...emptied: LucidModel[]) {
  group.each.setup(async () => {
    const cleanup = await testUtils.db().withGlobalTransaction()
    for (const model of emptied) await model.query().delete()
    return cleanup
  })
}
