import { createHash, randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import ApiKey from '#models/api_key'
import User from '#models/user'
import { UserType } from '#enums/user_type'
import type { ApiKeyScope } from '#enums/api_key_scope'
import { ApiKeyInvalid, ApiKeyNotFound } from '#exceptions/integration_errors'
import { AuditTrail } from '#services/admin/audit_trail_service'
import { pageOf, type PageRequest, type PageResult } from '#support/paging'
import { sqlTime } from '#support/sql_time'
import type { Actor } from '#support/actor'

/** What every key starts with: how a bearer credential is told apart from a JWT. */
export const API_KEY_MARK = 'sk_'
const KEY_START = 'sk_live_'
/** How much of a key is kept in clear: its mark and eight characters of the random part. */
const PREFIX_LENGTH = KEY_START.length + 8
/** `lastUsedAt` is written at most this often per key, not on every request. */
const LAST_USED_PRECISION_SECONDS = 60

/** A key as an administrator creates it. */
export interface ApiKeyInput {
  name: string
  scopes: ApiKeyScope[]
}

/** A key that authenticated a request: the administrator it acts for and what it may do. */
export interface AuthenticatedKey {
  user: User
  keyId: string
  scopes: ApiKeyScope[]
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex')

/**
 * API keys for server-to-server integrations (docs/api/integrations.md): shown once, stored as a
 * SHA-256 (a key is 32 random bytes; there is nothing to guess that a slow hash would protect)
 * with a visible prefix. Every request reads the key again, with no cache, so a revocation holds
 * at once on every instance; the key acts for the administrator who created it and stops when
 * that account is deactivated or is no longer an administrator.
 */
@inject()
export class ApiKeyService {
  constructor(protected audit: AuditTrail) {}

  async create(actor: Actor, input: ApiKeyInput): Promise<{ apiKey: ApiKey; key: string }> {
    const key = `${KEY_START}${randomBytes(32).toString('base64url')}`
    const apiKey = await db.transaction(async (trx) => {
      const row = await ApiKey.create(
        {
          name: input.name,
          prefix: key.slice(0, PREFIX_LENGTH),
          tokenHash: hashOf(key),
          scopes: [...new Set(input.scopes)],
          createdBy: actor.user.id,
          lastUsedAt: null,
          revokedAt: null,
        },
        { client: trx }
      )
      await this.audit.record(trx, {
        actor,
        action: 'api_key.created',
        targetType: 'api_key',
        targetId: row.id,
        before: null,
        after: { name: row.name, prefix: row.prefix, scopes: row.scopes },
      })
      return row
    })
    return { apiKey, key }
  }

  /** Every key, revoked ones included, newest first. */
  async list(page: PageRequest): Promise<PageResult<ApiKey>> {
    return pageOf(ApiKey.query(), page, (query) =>
      query.orderBy('created_at', 'desc').orderBy('id', 'asc')
    )
  }

  async find(id: string): Promise<ApiKey> {
    const apiKey = await ApiKey.find(id)
    if (!apiKey) throw new ApiKeyNotFound()
    return apiKey
  }

  /** Revokes the key at once; revoking a revoked key changes nothing. */
  async revoke(actor: Actor, id: string): Promise<ApiKey> {
    await db.transaction(async (trx) => {
      const now = sqlTime(DateTime.now(), trx)
      const revoked = await trx
        .from('api_keys')
        .where('id', id)
        .whereNull('revoked_at')
        .update({ revoked_at: now, updated_at: now })
      if (Number(revoked) === 0) return
      await this.audit.record(trx, {
        actor,
        action: 'api_key.revoked',
        targetType: 'api_key',
        targetId: id,
      })
    })
    return this.find(id)
  }

  /**
   * The administrator a presented key acts for, in one read: the key unrevoked, its creator
   * active and still an administrator. Anything else is one 401, never told apart.
   */
  async authenticate(presented: string): Promise<AuthenticatedKey> {
    const user = await User.query()
      .join('api_keys', 'api_keys.created_by', 'users.id')
      .where('api_keys.token_hash', hashOf(presented))
      .whereNull('api_keys.revoked_at')
      .where('users.is_active', true)
      .whereIn('users.user_type', [UserType.ADMIN, UserType.SUPER_ADMIN])
      .select(
        'users.*',
        'api_keys.id as api_key_id',
        'api_keys.scopes as api_key_scopes',
        'api_keys.last_used_at as api_key_last_used_at'
      )
      .first()
    if (!user) throw new ApiKeyInvalid()
    const keyId = String(user.$extras.api_key_id)
    await this.#touch(keyId, user.$extras.api_key_last_used_at)
    return { user, keyId, scopes: JSON.parse(String(user.$extras.api_key_scopes)) }
  }

  /** Records the use, at most once per `LAST_USED_PRECISION_SECONDS` for a key. */
  async #touch(keyId: string, lastUsedAt: Date | string | null) {
    const now = DateTime.now()
    const stale = now.minus({ seconds: LAST_USED_PRECISION_SECONDS })
    if (lastUsedAt !== null) {
      const last =
        lastUsedAt instanceof Date
          ? DateTime.fromJSDate(lastUsedAt)
          : DateTime.fromSQL(lastUsedAt, { zone: 'utc' })
      if (last > stale) return
    }
    await db
      .from('api_keys')
      .where('id', keyId)
      .where((query) =>
        query.whereNull('last_used_at').orWhere('last_used_at', '<', sqlTime(stale))
      )
      .update({ last_used_at: sqlTime(now) })
  }
}
