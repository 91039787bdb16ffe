import { readFile, readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import { BasePolicy, Bouncer } from '@adonisjs/bouncer'
import app from '@adonisjs/core/services/app'
import User from '#models/user'
import { USER_TYPES, UserType } from '#enums/user_type'
import { policies } from '#policies/main'
import { mayManageAccount } from '#policies/user_policy'

const { CUSTOMER, SELLER, ADMIN, SUPER_ADMIN } = UserType
const ADMINS = [ADMIN, SUPER_ADMIN]

/**
 * Every action that takes no row, and the account types it admits: the whole "who may do what"
 * of the application, read in one place. A policy or an action missing here fails a test.
 */
const ROLE_ACTIONS: Record<keyof typeof policies, Record<string, UserType[]>> = {
  UserPolicy: { viewAny: ADMINS, manageAny: ADMINS },
  OrderPolicy: {
    viewOwn: [CUSTOMER],
    cancelOwn: [CUSTOMER],
    viewOfOwnShops: [SELLER],
    updateOfOwnShops: [SELLER],
    viewAny: ADMINS,
    updateAny: ADMINS,
  },
  ShopPolicy: {
    viewOwn: [SELLER],
    create: [SELLER],
    update: [SELLER],
    viewAny: ADMINS,
    approve: ADMINS,
    suspend: ADMINS,
  },
  ProductPolicy: {
    viewOwn: [SELLER],
    create: [SELLER],
    update: [SELLER],
    delete: [SELLER],
    viewAny: ADMINS,
    takeDown: ADMINS,
    restore: ADMINS,
    edit: ADMINS,
  },
  CouponPolicy: { viewAny: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  LegalDocumentPolicy: { viewAny: ADMINS, create: ADMINS, update: ADMINS, deactivate: ADMINS },
  ShippingMethodPolicy: {
    viewActive: [CUSTOMER],
    viewAny: ADMINS,
    create: ADMINS,
    update: ADMINS,
    delete: ADMINS,
  },
  ShippingAddressPolicy: {
    viewOwn: [CUSTOMER],
    create: [CUSTOMER],
    update: [CUSTOMER],
    delete: [CUSTOMER],
  },
  TaxRatePolicy: { viewAny: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  CategoryPolicy: { viewAny: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  CartPolicy: { view: [CUSTOMER], update: [CUSTOMER], checkOut: [CUSTOMER] },
  AdminActionPolicy: { viewAny: [SUPER_ADMIN] },
  // With HEALTH_DETAILS off, as in the test environment; the setting is tested in health.spec.ts.
  HealthPolicy: { viewDetails: ADMINS },
  IntegrationPolicy: { viewAny: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
  PaymentPolicy: { payOwn: [CUSTOMER], viewAny: ADMINS },
  ReturnPolicy: {
    requestOwn: [CUSTOMER],
    viewOfOwnShops: [SELLER],
    decideOfOwnShops: [SELLER],
    viewAny: ADMINS,
    decideAny: ADMINS,
  },
  LedgerPolicy: { viewOwn: [SELLER], viewAny: ADMINS, setCommission: ADMINS, adjust: ADMINS },
  PayoutPolicy: { viewOwn: [SELLER], viewAny: ADMINS, manage: ADMINS, setStripeAccount: ADMINS },
  PrivacyPolicy: { own: [...USER_TYPES], administer: ADMINS },
}

/** Actions that judge a row too, tested below. */
const ROW_ACTIONS: Partial<Record<keyof typeof policies, string[]>> = {
  UserPolicy: ['manage', 'changeType'],
  PrivacyPolicy: ['export', 'erase'],
}

let ids = 0

/** An unsaved account: the policies read only its id and type. */
function account(userType: UserType): User {
  ids += 1
  return new User().merge({
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    userType,
  })
}

function bouncerOf(user: User | null) {
  return new Bouncer<User, undefined, typeof policies>(user, undefined, policies)
}

/** The actions a policy answers, its own and those it inherits from our base policies. */
function actionsOf(prototype: object): string[] {
  const actions = new Set<string>()
  for (
    let level = prototype;
    level !== BasePolicy.prototype;
    level = Object.getPrototypeOf(level)
  ) {
    for (const member of Object.getOwnPropertyNames(level)) {
      if (member !== 'constructor' && member !== 'before') actions.add(member)
    }
  }
  return [...actions]
}

test.group('Policies: role actions', () => {
  for (const [policy, actions] of Object.entries(ROLE_ACTIONS)) {
    for (const [action, allowed] of Object.entries(actions)) {
      test(`${policy}.${action} admits ${allowed.join(', ')} only`, async ({ assert }) => {
        for (const type of USER_TYPES) {
          const answer = await bouncerOf(account(type))
            .with(policy as keyof typeof policies)
            .allows(action as never)
          assert.equal(answer, allowed.includes(type), `${type}`)
        }
        const guest = await bouncerOf(null)
          .with(policy as keyof typeof policies)
          .allows(action as never)
        assert.isFalse(guest, 'a guest')
      })
    }
  }

  test('the table above names every registered policy and every action', async ({ assert }) => {
    assert.sameMembers(Object.keys(ROLE_ACTIONS), Object.keys(policies))
    for (const [name, importer] of Object.entries(policies)) {
      const { default: Policy } = await importer()
      const actions = actionsOf(Policy.prototype)
      const listed = [
        ...Object.keys(ROLE_ACTIONS[name as keyof typeof policies]),
        ...(ROW_ACTIONS[name as keyof typeof policies] ?? []),
      ]
      assert.sameMembers(actions, listed, name)
    }
  })
})

test.group('Policies: account administration', () => {
  test('nobody manages their own account, whatever their type', ({ assert }) => {
    for (const type of USER_TYPES) {
      const self = account(type)
      assert.isFalse(mayManageAccount(self, self), type)
      for (const newType of USER_TYPES) assert.isFalse(mayManageAccount(self, self, newType))
    }
  })

  test('customers and sellers manage nobody', ({ assert }) => {
    for (const actorType of [CUSTOMER, SELLER]) {
      for (const targetType of USER_TYPES) {
        assert.isFalse(mayManageAccount(account(actorType), account(targetType)))
      }
    }
  })

  test('an Admin manages customers and sellers and grants only their types', ({ assert }) => {
    const admin = account(ADMIN)
    for (const targetType of USER_TYPES) {
      const target = account(targetType)
      const manageable = targetType === CUSTOMER || targetType === SELLER
      assert.equal(mayManageAccount(admin, target), manageable, targetType)
      for (const newType of USER_TYPES) {
        assert.equal(
          mayManageAccount(admin, target, newType),
          manageable && (newType === CUSTOMER || newType === SELLER),
          `${targetType} → ${newType}`
        )
      }
    }
  })

  test('a Super Admin manages every other account and grants every type', ({ assert }) => {
    const superAdmin = account(SUPER_ADMIN)
    for (const targetType of USER_TYPES) {
      const target = account(targetType)
      assert.isTrue(mayManageAccount(superAdmin, target))
      for (const newType of USER_TYPES) assert.isTrue(mayManageAccount(superAdmin, target, newType))
    }
  })

  test('UserPolicy asks the same rule, and offers no change to the type an account has', async ({
    assert,
  }) => {
    for (const actorType of USER_TYPES) {
      const actor = account(actorType)
      const bouncer = bouncerOf(actor).with('UserPolicy')
      for (const targetType of USER_TYPES) {
        const target = account(targetType)
        assert.equal(await bouncer.allows('manage', target), mayManageAccount(actor, target))
        for (const newType of USER_TYPES) {
          assert.equal(
            await bouncer.allows('changeType', target, newType),
            newType !== targetType && mayManageAccount(actor, target, newType),
            `${actorType} on ${targetType} → ${newType}`
          )
        }
      }
      assert.isFalse(await bouncer.allows('manage', actor), `${actorType} on themselves`)
    }
  })
})

/** The text of every file under `directory` whose name ends with `extension`. */
async function sources(directory: string, extension: string): Promise<string[]> {
  const names = await readdir(app.makePath(directory), { recursive: true })
  return Promise.all(
    names
      .filter((name) => name.endsWith(extension))
      .map((name) => readFile(app.makePath(directory, name), 'utf8'))
  )
}

/**
 * The `Policy.action` pairs the application asks: controllers with
 * `bouncer.with(XPolicy).authorize|allows|denies('action')` (every quoted action in the call, so
 * `authorize({ view: 'viewAny', update: 'updateAny' }[what])` names both), pages with
 * `@can('XPolicy.action')` or `@cannot(...)` and the navigation's `can: 'XPolicy.action'`.
 */
async function askedActions(): Promise<Set<string>> {
  const asked = new Set<string>()
  for (const code of await sources('app/controllers', '.ts')) {
    const calls = code.matchAll(/with\(\s*(\w+)\s*\)\s*\.(?:authorize|allows|denies)\(([^)]*)\)/g)
    for (const [, policy, argument] of calls) {
      for (const [, action] of argument.matchAll(/'(\w+)'/g)) asked.add(`${policy}.${action}`)
    }
  }
  for (const page of await sources('resources/views', '.edge')) {
    for (const [, pair] of page.matchAll(/'(\w+Policy\.\w+)'/g)) asked.add(pair)
  }
  return asked
}

test.group('Policies: every action is asked', () => {
  test('by a route or a page, and nothing else is asked', async ({ assert }) => {
    const declared: string[] = []
    for (const [name, importer] of Object.entries(policies)) {
      const { default: Policy } = await importer()
      for (const action of actionsOf(Policy.prototype)) declared.push(`${name}.${action}`)
    }
    assert.sameMembers([...(await askedActions())], declared)
  })
})
