import { domainErrors } from '#exceptions/domain_error'

export const { DemoStoreIncomplete, DemoStoreConflict } = domainErrors({
  /** Some demo accounts exist but the demo store is not complete: a run stopped half-way. */
  DemoStoreIncomplete: [
    409,
    'DEMO_STORE_INCOMPLETE',
    'The database holds part of a demo store (an earlier `node ace demo:seed` stopped half-way); start again from an empty database',
  ],
  /** The store already holds rows the demo would make (policies, tax rates, coupon codes). */
  DemoStoreConflict: [
    409,
    'DEMO_STORE_CONFLICT',
    'The demo store is meant for an empty installation',
  ],
})
