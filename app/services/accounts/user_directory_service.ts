import User from '#models/user'
import type { UserType } from '#enums/user_type'
import { containsPattern } from '#support/sql_like'
import { normalizeEmail } from '#support/email_address'

/** Filters of the console's user list. */
export interface UserSearch {
  email?: string
  type?: UserType
  status?: 'active' | 'inactive' | 'awaiting_approval'
  limit: number
  offset: number
}

/** Finds accounts for administrators; admin registrations awaiting approval come first. */
export class UserDirectoryService {
  /** A page of accounts matching the filters, with the total count. */
  async search(filters: UserSearch): Promise<{ users: User[]; total: number }> {
    const query = User.query()
    if (filters.email)
      query.whereRaw(`email like ? escape '\\'`, [containsPattern(normalizeEmail(filters.email))])
    if (filters.type) query.where('user_type', filters.type)
    if (filters.status === 'active') query.where('is_active', true)
    if (filters.status === 'inactive')
      query.where('is_active', false).where('awaiting_approval', false)
    if (filters.status === 'awaiting_approval') query.where('awaiting_approval', true)

    const [counted] = await query.clone().count('* as total')
    const users = await query
      .orderBy('awaiting_approval', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(filters.limit)
      .offset(filters.offset)
    return { users, total: Number(counted.$extras.total) }
  }
}
