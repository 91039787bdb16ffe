import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import type Policy from '#models/policy'
import { POLICY_TYPES, type PolicyType } from '#enums/policy_type'
import { PolicyService } from '#services/legal/policy_service'
import { compareVersions } from '#services/legal/policy_version'

/** How the console names each policy type. */
export const POLICY_TYPE_LABELS: Record<PolicyType, string> = {
  PRIVACY_POLICY: 'Privacy Policy',
  TERMS_CONDITIONS: 'Terms & Conditions',
}

/** One policy version as the console lists it. */
export interface PolicyRow {
  policy: Policy
  consents: number
  /** The version `PolicyService.inForce` returns for its type right now. */
  isCurrent: boolean
  /** Active, with an effective date still ahead. */
  isScheduled: boolean
}

/** Every version of one policy type, the highest version first. */
export interface PolicyTypeOverview {
  type: PolicyType
  current: Policy | null
  rows: PolicyRow[]
}

/** What the console's new-version form starts from. */
export interface PolicyDraft {
  type: PolicyType
  title: string
  content: string
  /** The highest version of the type so far, for the form's hint. */
  latestVersion: string | null
}

/**
 * The console's view of legal policies, assembled from `PolicyService` alone: what is current is
 * whatever `inForce` says, never a second reading of the rule.
 */
@inject()
export class PolicyOverviewService {
  constructor(protected policies: PolicyService) {}

  /** Each policy type with its versions, consent counts and the current marker. */
  async byType(now: DateTime = DateTime.now()): Promise<PolicyTypeOverview[]> {
    const [policies, consents, ...currents] = await Promise.all([
      this.policies.list(),
      this.policies.consentCounts(),
      ...POLICY_TYPES.map((type) => this.policies.inForce(type, now)),
    ])
    return POLICY_TYPES.map((type, index) => {
      const current = currents[index]
      const rows = policies
        .filter((policy) => policy.type === type)
        .sort((a, b) => compareVersions(b.versionParts, a.versionParts))
        .map((policy) => ({
          policy,
          consents: consents.get(policy.id) ?? 0,
          isCurrent: policy.id === current?.id,
          isScheduled: policy.isActive && policy.effectiveDate.toMillis() > now.toMillis(),
        }))
      return { type, current, rows }
    })
  }

  /** One policy with its consent count and whether it is the one in force; 404 when unknown. */
  async detail(id: string): Promise<PolicyRow> {
    const policy = await this.policies.find(id)
    const [consents, current] = await Promise.all([
      this.policies.consentCounts(),
      this.policies.inForce(policy.type),
    ])
    return {
      policy,
      consents: consents.get(policy.id) ?? 0,
      isCurrent: policy.id === current?.id,
      isScheduled: policy.isActive && policy.effectiveDate.toMillis() > Date.now(),
    }
  }

  /** A new version of `type` starts as a copy of the highest version's title and text. */
  async draft(type: PolicyType): Promise<PolicyDraft> {
    const policies = await this.policies.list()
    const [latest] = policies
      .filter((policy) => policy.type === type)
      .sort((a, b) => compareVersions(b.versionParts, a.versionParts))
    return {
      type,
      title: latest?.title ?? '',
      content: latest?.content ?? '',
      latestVersion: latest?.version ?? null,
    }
  }
}
