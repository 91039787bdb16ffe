import { randomUUID } from 'node:crypto'
import factory from '@adonisjs/lucid/factories'
import hash from '@adonisjs/core/services/hash'
import { DateTime } from 'luxon'
import User from '#models/user'
import { UserType } from '#enums/user_type'

/** The password every factory-made account has. */
export const FACTORY_PASSWORD = 'Factory-Passw0rd!'

let hashedPassword: Promise<string> | undefined

/** Verified, active accounts; states pick the type or an earlier life-cycle stage. */
export const UserFactory = factory
  .define(User, async ({ faker }) => {
    hashedPassword ??= hash.make(FACTORY_PASSWORD)
    return {
      // A whole suite makes thousands of accounts: faker's names alone collide now and then.
      email: faker.internet
        .email()
        .toLowerCase()
        .replace('@', `.${randomUUID().slice(0, 8)}@`),
      userType: UserType.CUSTOMER,
      password: await hashedPassword,
      emailVerifiedAt: DateTime.now(),
      isActive: true,
      awaitingApproval: false,
      tokenVersion: 0,
    }
  })
  .state('customer', (user) => (user.userType = UserType.CUSTOMER))
  .state('seller', (user) => (user.userType = UserType.SELLER))
  .state('admin', (user) => (user.userType = UserType.ADMIN))
  .state('superAdmin', (user) => (user.userType = UserType.SUPER_ADMIN))
  .state('unverified', (user) => (user.emailVerifiedAt = null))
  .state('deactivated', (user) => (user.isActive = false))
  .build()
