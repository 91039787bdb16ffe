import { guardTransactionCommits } from '#support/commit_guard'

/**
 * Guards every database transaction's commit before anything can open one: a COMMIT that fails
 * throws instead of passing for success (app/support/commit_guard.ts).
 */
export default class CommitGuardProvider {
  register() {
    guardTransactionCommits()
  }
}
