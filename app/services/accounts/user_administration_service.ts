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
import { recordSecurityEvent, type SecurityEvent } from '#services/system/security_events'
import { mayManageAccount } from '#policies/user_policy'
import { AuditTrail, changedFields } from '#services/admin/audit_trail_service'
import type { Actor } from '#support/actor'
import type { AuditAction, AuditChanges } from '#models/admin_action'

/** What an administrative action did: `changed` is false for a repeat that changed nothing. */
export interface AdministrationResult {
  user: User
  changed: boolean
}

/** The account fields an administrative action changes. */
type AccountFields = Pick<User, 'userType' | 'isActive' | 'awaitingApproval'>

/** One administrative action on an account, as `#change` carries it out. */
interface AccountChange {
  /** The fields the account has after the action. */
  to: Partial<AccountFields>
  /** The type asked for, which `mayManageAccount` weighs too. */
  newType?: UserType
  revokeTokens: boolean
  action: AuditAction
  event: SecurityEvent
  /** A refusal particular to this action, once it is known to change something. */
  check?: (target: User, trx: TransactionClientContract) => Promise<void>
  /** Details the security event carries besides who, whom and from where. */
  details?: (changes: AuditChanges) => Record<string, string | null>
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
    actor: Actor,
    targetId: string,
    newType: UserType
  ): Promise<AdministrationResult> {
    try {
      return await this.#change(actor, targetId, {
        to: { userType: newType },
        newType,
        revokeTokens: true,
        action: 'user.type_changed',
        event: 'account.type_changed',
        check: async (target, trx) => {
          if (target.userType === UserType.SUPER_ADMIN && target.isActive) {
            await this.#assertAnotherActiveSuperAdmin(target, trx)
          }
          const taken = await User.query({ client: trx })
            .where('email', target.email)
            .where('user_type', newType)
            .first()
          if (taken) throw new AccountExists()
        },
        details: (changes) => ({
          fromType: (changes.before?.userType as UserType | undefined) ?? null,
          toType: newType,
        }),
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new AccountExists()
      throw error
    }
  }

  /** Deactivates the account; it can no longer sign in and its tokens stop working at once. */
  async deactivate(actor: Actor, targetId: string): Promise<AdministrationResult> {
    return this.#change(actor, targetId, {
      to: { isActive: false },
      revokeTokens: true,
      action: 'user.deactivated',
      event: 'account.deactivated',
      check: async (target, trx) => {
        if (target.userType === UserType.SUPER_ADMIN) {
          await this.#assertAnotherActiveSuperAdmin(target, trx)
        }
      },
    })
  }

  /** Activates the account (also approves an admin registration). */
  async activate(actor: Actor, targetId: string): Promise<AdministrationResult> {
    return this.#change(actor, targetId, {
      to: { isActive: true, awaitingApproval: false },
      revokeTokens: false,
      action: 'user.activated',
      event: 'account.activated',
    })
  }

  /**
   * The steps every action shares: the target the actor may manage is loaded; when it already
   * has the fields of `change.to` nothing happens (`changed: false`, no record); otherwise the
   * change's own check may refuse, the fields are saved, the tokens revoked when asked, and the
   * change recorded in the audit trail within the transaction and, once committed, as a
   * security event.
   */
  async #change(
    actor: Actor,
    targetId: string,
    change: AccountChange
  ): Promise<AdministrationResult> {
    const { user, changes } = await db.transaction(async (trx) => {
      const target = await this.#loadManageable(actor.user, targetId, trx, change.newType)
      const current = Object.fromEntries(
        Object.keys(change.to).map((field) => [field, target[field as keyof AccountFields]])
      )
      const changed = changedFields(current, change.to)
      if (!changed) return { user: target, changes: null }
      await change.check?.(target, trx)
      target.merge(change.to)
      await target.useTransaction(trx).save()
      if (change.revokeTokens) await this.tokens.revokeAll(target, trx)
      await this.audit.record(trx, {
        actor,
        action: change.action,
        targetType: 'user',
        targetId: target.id,
        ...changed,
      })
      return { user: target, changes: changed }
    })
    if (!changes) return { user, changed: false }
    recordSecurityEvent(change.event, {
      actorId: actor.user.id,
      targetId: user.id,
      clientAddress: actor.clientAddress,
      ...change.details?.(changes),
    })
    return { user, changed: true }
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
    const activeSuperAdmins: Array<{ id: string }> = await trx
      .from('users')
      .where('user_type', UserType.SUPER_ADMIN)
      .where('is_active', true)
      .orderBy('id')
      .select('id')
      .forUpdate()
    if (!activeSuperAdmins.some((row) => row.id !== target.id)) throw new LastSuperAdmin()
  }
}
