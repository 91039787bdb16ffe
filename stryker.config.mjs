// @ts-check
/*
| Mutation testing of the rule modules (docs/testing.md, "Mutation testing"). Stryker's command
| runner runs Japa over the files that exercise one module, once per mutant; `bin/mutation.js`
| picks the module through MUTATION_TARGET and runs them one after another.
*/

/** Each rule module and the test files that must kill its mutants. */
export const targets = {
  pricing: {
    mutate: ['app/services/checkout/pricing.ts'],
    files: ['tests/unit/checkout/pricing.spec.ts'],
  },
  coupon_rules: {
    mutate: ['app/services/coupons/coupon_rules.ts'],
    files: [
      'tests/unit/coupons/coupon_rules.spec.ts',
      'tests/unit/coupons/coupon_rules_properties.spec.ts',
    ],
  },
  return_refunds: {
    mutate: ['app/services/orders/return_refunds.ts'],
    files: ['tests/unit/orders/return_refunds.spec.ts'],
  },
  commission: {
    mutate: ['app/services/ledger/commission.ts'],
    files: ['tests/unit/ledger/commission.spec.ts'],
  },
  password_rules: {
    mutate: ['app/services/accounts/password_rules.ts'],
    files: ['tests/unit/accounts/password_rules.spec.ts'],
  },
  policy_version: {
    mutate: ['app/services/legal/policy_version.ts'],
    files: ['tests/unit/legal/policy_version.spec.ts'],
  },
  idempotency: {
    mutate: ['app/services/checkout/idempotency_service.ts', 'app/queries/idempotency_keys.ts'],
    files: [
      'tests/functional/checkout/idempotency.spec.ts',
      'tests/functional/checkout/place_order.spec.ts',
      'tests/functional/checkout/placement_failures.spec.ts',
    ],
  },
  order_placement: {
    mutate: ['app/services/checkout/order_placement_service.ts', 'app/queries/write_batch.ts'],
    files: [
      'tests/functional/checkout/placement_failures.spec.ts',
      'tests/functional/checkout/place_order.spec.ts',
      'tests/functional/checkout/placement_limits.spec.ts',
      'tests/functional/checkout/order_mail.spec.ts',
    ],
  },
  token_service: {
    mutate: ['app/services/accounts/token_service.ts', 'app/queries/token_account.ts'],
    files: [
      'tests/functional/accounts/tokens.spec.ts',
      'tests/functional/accounts/revocation.spec.ts',
      'tests/functional/accounts/login.spec.ts',
    ],
  },
  one_time_codes: {
    mutate: ['app/services/accounts/one_time_code_service.ts'],
    files: [
      'tests/functional/accounts/one_time_codes.spec.ts',
      'tests/functional/accounts/otp_verification.spec.ts',
      'tests/functional/accounts/password.spec.ts',
    ],
  },
}

const name = process.env.MUTATION_TARGET ?? 'pricing'
const target = targets[/** @type {keyof typeof targets} */ (name)]
if (!target) throw new Error(`MUTATION_TARGET must be one of: ${Object.keys(targets).join(', ')}`)
const unitOnly = target.files.every((file) => file.startsWith('tests/unit/'))

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'command',
  commandRunner: {
    command: `node ace test unit functional ${target.files.map((file) => `--files ${file}`).join(' ')}`,
  },
  coverageAnalysis: 'off',
  mutate: target.mutate,
  // Functional runs serve HTTP on PORT, so they cannot share a machine with a second worker.
  concurrency: unitOnly ? 2 : 1,
  timeoutMS: 30000,
  thresholds: { high: 95, low: 85, break: 85 },
  ignorePatterns: ['tmp', 'build', 'coverage', 'reports'],
  tempDirName: `tmp/stryker-sandbox/${name}`,
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `tmp/mutation/${name}.html` },
  jsonReporter: { fileName: `tmp/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false },
  disableTypeChecks: 'app/**/*.ts',
}
