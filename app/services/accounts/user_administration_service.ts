import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import {
  AccountExists,
  CannotManageSelf,
  LastSuperAdmin,
  NotAllowedToManage,
  UserNotFound,
} from '#exceptions/account_errors'
import { TokenService } from '#services/accounts/token_service'
import { isUniqueViolation } from '#support/db_errors'
import { recordSecurityEvent } from '#services/system/security_events'
import { mayManageAccount } from '#policies/user_policy'
import { AuditTrail, changedFields } from '#services/admin/audit_trail_service'

/** What an administrative action did: `changed` is false for a repeat that changed nothing. */
export interface AdministrationResult {
  user: User
  changed: boolean
}

/**
 * Administration of accounts by Admins and Super Admins; that the actor is one is checked once,
 * by the Bouncer check of every route that leads here. Who may act on which account is
 * `mayManageAccount`, the rule `UserPolicy` answers the console with (refused here with
 * CANNOT_MANAGE_SELF or NOT_ALLOWED_TO_MANAGE); the last active Super Admin can be neither
 * demoted nor deactivated. Every change is recorded as a security event naming the
 * administrator, the account and the client address, and in the audit trail within its own
 * transaction.
 */
@inject()
export class UserAdministrationService {
  constructor(
    protected tokens: TokenService,
    protected audit: AuditTrail
  ) {}

  /** Changes the account type; revokes every token of the account. */
  async changeType(
    actor: User,
    targetId: string,
    newType: UserType,
    clientAddress: string | null = null
  ): Promise<AdministrationResult> {
    let fromType: UserType | undefined
    let result: AdministrationResult
    try {
      result = await db.transaction(async (trx) => {
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

        fromType = target.userType
        target.userType = newType
        await target.useTransaction(trx).save()
        await this.tokens.revokeAll(target, trx)
        await this.audit.record(trx, {
          actor,
          action: 'user.type_changed',
          targetType: 'user',
          targetId: target.id,
          before: { userType: fromType },
          after: { userType: newType },
          clientAddress,
        })
        return { user: target, changed: true }
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AccountExists()
      throw error
    }
    if (result.changed) {
      recordSecurityEvent('account.type_changed', {
        actorId: actor.id,
        targetId: result.user.id,
        clientAddress,
        fromType: fromType ?? null,
        toType: newType,
      })
    }
    return result
  }

  /** Deactivates the account; it can no longer sign in and its tokens stop working at once. */
  async deactivate(
    actor: User,
    targetId: string,
    clientAddress: string | null = null
  ): Promise<AdministrationResult> {
    const result = await db.transaction(async (trx) => {
      const target = await this.#loadManageable(actor, targetId, trx)
      if (!target.isActive) return { user: target, changed: false }
      if (target.userType === UserType.SUPER_ADMIN) {
        await this.#assertAnotherActiveSuperAdmin(target, trx)
      }
      target.isActive = false
      await target.useTransaction(trx).save()
      await this.tokens.revokeAll(target, trx)
      await this.audit.record(trx, {
        actor,
        action: 'user.deactivated',
        targetType: 'user',
        targetId: target.id,
        before: { isActive: true },
        after: { isActive: false },
        clientAddress,
      })
      return { user: target, changed: true }
    })
    this.#record('account.deactivated', actor, result, clientAddress)
    return result
  }

  /** Activates the account (also approves an admin registration). */
  async activate(
    actor: User,
    targetId: string,
    clientAddress: string | null = null
  ): Promise<AdministrationResult> {
    const result = await db.transaction(async (trx) => {
      const target = await this.#loadManageable(actor, targetId, trx)
      if (target.isActive && !target.awaitingApproval) return { user: target, changed: false }
      const before = { isActive: target.isActive, awaitingApproval: target.awaitingApproval }
      target.isActive = true
      target.awaitingApproval = false
      await target.useTransaction(trx).save()
      const changes = changedFields(before, { isActive: true, awaitingApproval: false })
      await this.audit.record(trx, {
        actor,
        action: 'user.activated',
        targetType: 'user',
        targetId: target.id,
        ...changes,
        clientAddress,
      })
      return { user: target, changed: true }
    })
    this.#record('account.activated', actor, result, clientAddress)
    return result
  }

  /** A security event for an action that changed something (a repeat that did not is none). */
  #record(
    event: 'account.activated' | 'account.deactivated',
    actor: User,
    result: AdministrationResult,
    clientAddress: string | null
  ) {
    if (!result.changed) return
    recordSecurityEvent(event, { actorId: actor.id, targetId: result.user.id, clientAddress })
  }

  async #loadManageable(
    actor: User,
    targetId: string,
    trx: TransactionClientContract,
    newType?: UserType
  ) {
    const target = await User.find(targetId, { client: trx })
    if (!target) throw new UserNotFound()
    if (target.id === actor.id) throw new CannotManageSelf()
    if (!mayManageAccount(actor, target, newType)) throw new NotAllowedToManage()
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
