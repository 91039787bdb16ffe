import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { UserType, isAdministrative } from '#enums/user_type'
import {
  AccountExists,
  CannotManageSelf,
  LastSuperAdmin,
  NotAllowedToManage,
  UserNotFound,
} from '#exceptions/account_errors'
import { Forbidden } from '#exceptions/common_errors'
import { TokenService } from '#services/accounts/token_service'
import { isUniqueViolation } from '#support/db_errors'

/** What an administrative action did: `changed` is false for a repeat that changed nothing. */
export interface AdministrationResult {
  user: User
  changed: boolean
}

/**
 * Administration of accounts by Admins and Super Admins. Admins manage customers and sellers;
 * only a Super Admin manages or grants the administrator types; nobody acts on their own
 * account; the last active Super Admin can be neither demoted nor deactivated.
 */
export class UserAdministrationService {
  #tokens = new TokenService()

  /** Whether `actor` may act on `target` at all (used by the console to show what it may do). */
  mayManage(actor: User, target: User, newType?: UserType): boolean {
    if (!isAdministrative(actor.userType) || actor.id === target.id) return false
    if (actor.userType === UserType.SUPER_ADMIN) return true
    return !isAdministrative(target.userType) && (!newType || !isAdministrative(newType))
  }

  /** Changes the account type; revokes every token of the account. */
  async changeType(
    actor: User,
    targetId: string,
    newType: UserType
  ): Promise<AdministrationResult> {
    try {
      return await db.transaction(async (trx) => {
        const target = await this.#loadManageable(actor, targetId, trx, newType)
        if (target.userType === newType) return { user: target, changed: false }
        if (target.userType === UserType.SUPER_ADMIN && target.isActive) {
          await this.#assertAnotherActiveSuperAdmin(target, trx)
        }
        const taken = await User.query({ client: trx })
          .where('email', target.email)
          .where('user_type', newType)
          .first()
        if (taken) throw new AccountExists()

        target.userType = newType
        await target.useTransaction(trx).save()
        await this.#tokens.revokeAll(target, trx)
        return { user: target, changed: true }
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AccountExists()
      throw error
    }
  }

  /** Deactivates the account; it can no longer sign in and its tokens stop working at once. */
  async deactivate(actor: User, targetId: string): Promise<AdministrationResult> {
    return db.transaction(async (trx) => {
      const target = await this.#loadManageable(actor, targetId, trx)
      if (!target.isActive) return { user: target, changed: false }
      if (target.userType === UserType.SUPER_ADMIN) {
        await this.#assertAnotherActiveSuperAdmin(target, trx)
      }
      target.isActive = false
      await target.useTransaction(trx).save()
      await this.#tokens.revokeAll(target, trx)
      return { user: target, changed: true }
    })
  }

  /** Activates the account (also approves an admin registration). */
  async activate(actor: User, targetId: string): Promise<AdministrationResult> {
    return db.transaction(async (trx) => {
      const target = await this.#loadManageable(actor, targetId, trx)
      if (target.isActive && !target.awaitingApproval) return { user: target, changed: false }
      target.isActive = true
      target.awaitingApproval = false
      await target.useTransaction(trx).save()
      return { user: target, changed: true }
    })
  }

  async #loadManageable(
    actor: User,
    targetId: string,
    trx: TransactionClientContract,
    newType?: UserType
  ) {
    if (!isAdministrative(actor.userType)) throw new Forbidden()
    const target = await User.find(targetId, { client: trx })
    if (!target) throw new UserNotFound()
    if (target.id === actor.id) throw new CannotManageSelf()
    if (!this.mayManage(actor, target, newType)) throw new NotAllowedToManage()
    return target
  }

  /**
   * Refuses when `target` is the only active Super Admin. On PostgreSQL the Super Admin rows are
   * locked first, so two concurrent demotions cannot each count the other and both succeed (a
   * conditional update cannot do this: each would see the other's row still active); the rows are
   * locked in id order so two such transactions queue instead of deadlocking. SQLite runs one
   * writer at a time, which gives the same guarantee.
   */
  async #assertAnotherActiveSuperAdmin(target: User, trx: TransactionClientContract) {
    const query = trx
      .from('users')
      .where('user_type', UserType.SUPER_ADMIN)
      .where('is_active', true)
      .orderBy('id')
      .select('id')
    if (trx.dialect.name === 'postgres') query.forUpdate()
    const activeSuperAdmins: Array<{ id: string }> = await query
    if (!activeSuperAdmins.some((row) => row.id !== target.id)) throw new LastSuperAdmin()
  }
}
