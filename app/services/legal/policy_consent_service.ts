import { inject } from '@adonisjs/core'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Policy from '#models/policy'
import { toDbInstant } from '#support/sql_time'
import { type PolicyType } from '#enums/policy_type'
import PolicyConsent from '#models/policy_consent'
import type User from '#models/user'
import type { Actor } from '#support/actor'
import { PolicyService } from '#services/legal/policy_service'
import { isUuid } from '#support/uuid'
import { PolicyInactive, PolicyNotFound } from '#exceptions/legal_errors'

/** Longest user agent kept on a consent record; longer ones are cut. */
export const USER_AGENT_MAX_LENGTH = 512

/** Longest client address kept (an IPv6 address with a zone fits). */
export const IP_ADDRESS_MAX_LENGTH = 64

/** What the actor consents to, and the browser or app they consent from. */
export interface ConsentRequest {
  policyId: string
  userAgent?: string | null
}

/** A consent and whether this call created it (false: it already existed). */
export interface ConsentOutcome {
  consent: PolicyConsent
  created: boolean
}

/** Whether a user has consented to the policy of a type currently in force. */
export interface ConsentStatus {
  policyType: PolicyType
  hasConsented: boolean
  current: Policy | null
  /** The consent to the current policy, or else the user's latest consent to this type. */
  consent: PolicyConsent | null
}

/** Recording and reading users' consents to policies. Records are only ever inserted. */
@inject()
export class PolicyConsentService {
  constructor(protected policies: PolicyService) {}

  /**
   * Records the actor's consent to an active policy (current, scheduled or older), with the
   * client address it came from. Consenting again returns the existing record; a concurrent
   * duplicate is absorbed by the unique (user, policy) constraint instead of failing.
   */
  async consent(actor: Actor, request: ConsentRequest): Promise<ConsentOutcome> {
    const { user } = actor
    return db.transaction(async (trx) => {
      const now = DateTime.now()
      const policy = await this.#lockForConsent(trx, request.policyId, now)

      const candidateId = randomUUID()
      await trx
        .knexQuery()
        .table(PolicyConsent.table)
        .insert({
          id: candidateId,
          user_id: user.id,
          policy_id: policy.id,
          policy_type: policy.type,
          policy_version: policy.version,
          consented_at: toDbInstant(now),
          // Blank for a consent recorded from the command line, which has no client address.
          ip_address: (actor.clientAddress ?? '').slice(0, IP_ADDRESS_MAX_LENGTH),
          user_agent: request.userAgent ? request.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
        })
        .onConflict(['user_id', 'policy_id'])
        .ignore()

      const consent = await PolicyConsent.query({ client: trx })
        .where('user_id', user.id)
        .where('policy_id', policy.id)
        .firstOrFail()
      return { consent, created: consent.id === candidateId }
    })
  }

  /** The actor's own consent records, newest first. */
  async list(actor: Actor): Promise<PolicyConsent[]> {
    return this.ofAccount(actor.user)
  }

  /** The consent records of an account, newest first (the console's page of the account). */
  async ofAccount(user: User): Promise<PolicyConsent[]> {
    return PolicyConsent.query()
      .where('user_id', user.id)
      .orderBy('consented_at', 'desc')
      .orderBy('id', 'asc')
  }

  /** Whether the actor consented to the policy of `type` in force now; a newer one needs anew. */
  async status(actor: Actor, type: PolicyType): Promise<ConsentStatus> {
    const { user } = actor
    const current = await this.policies.inForce(type)
    const toCurrent = current
      ? await PolicyConsent.query().where('user_id', user.id).where('policy_id', current.id).first()
      : null
    const consent =
      toCurrent ??
      (await PolicyConsent.query()
        .where('user_id', user.id)
        .where('policy_type', type)
        .orderBy('consented_at', 'desc')
        .orderBy('id', 'asc')
        .first())
    return { policyType: type, hasConsented: toCurrent !== null, current, consent }
  }

  /**
   * The policy to consent to, refusing unknown and inactive ones. The first consent freezes the
   * policy's content and version through a conditional update of its row, which also takes the
   * row lock: an edit running at the same moment either commits first (and this consent records
   * the edited version) or finds the policy locked.
   */
  async #lockForConsent(
    trx: TransactionClientContract,
    policyId: string,
    now: DateTime
  ): Promise<Policy> {
    if (!isUuid(policyId)) throw new PolicyNotFound()
    await trx
      .from(Policy.table)
      .where('id', policyId)
      .where('is_active', true)
      .whereNull('locked_at')
      .update({ locked_at: toDbInstant(now) })

    const policy = await Policy.find(policyId, { client: trx })
    if (!policy) throw new PolicyNotFound()
    if (!policy.isActive)
      throw new PolicyInactive('This policy has been deactivated; it cannot be consented to')
    return policy
  }
}
