import type { DateTime } from 'luxon'
import type Policy from '#models/policy'
import type { PolicyType } from '#enums/policy_type'

/** An instant as every response writes it: ISO 8601 in UTC with milliseconds and `Z`. */
export function toIsoInstant(value: DateTime): string {
  return value.toJSDate().toISOString()
}

/** A policy as create, update and deactivate return it (interface section 2.2). */
export interface PolicyJson {
  id: string
  type: PolicyType
  title: string
  content: string
  version: string
  effectiveDate: string
  isActive: boolean
}

/** A policy as the list, by-type and by-id reads return it: with its timestamps. */
export interface PolicyDetailJson extends PolicyJson {
  createdAt: string
  updatedAt: string
}

/** The fields of a policy without its timestamps. */
export function toPolicyJson(policy: Policy): PolicyJson {
  return {
    id: policy.id,
    type: policy.type,
    title: policy.title,
    content: policy.content,
    version: policy.version,
    effectiveDate: toIsoInstant(policy.effectiveDate),
    isActive: policy.isActive,
  }
}

/** The fields of a policy with `createdAt` and `updatedAt`. */
export function toPolicyDetailJson(policy: Policy): PolicyDetailJson {
  return {
    ...toPolicyJson(policy),
    createdAt: toIsoInstant(policy.createdAt),
    updatedAt: toIsoInstant(policy.updatedAt),
  }
}
