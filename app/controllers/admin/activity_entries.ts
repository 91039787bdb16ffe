import type AdminAction from '#models/admin_action'

/** One changed field of an audit entry, both sides as text. */
interface ChangedField {
  field: string
  before: string
  after: string
}

/** An audit entry as the console's activity tables show it (`components/activity_table`). */
export interface ActivityRow {
  id: string
  at: string
  actorId: string | null
  actorEmail: string | null
  action: string
  targetType: string
  targetId: string
  clientAddress: string | null
  changes: ChangedField[]
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return '—'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Entries as table rows: times in the store's zone, each changed field on a line of its own. */
export function activityRows(entries: AdminAction[], timezone: string): ActivityRow[] {
  return entries.map((entry) => {
    const before = entry.changes.before ?? {}
    const after = entry.changes.after ?? {}
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return {
      id: entry.id,
      at: entry.createdAt.setZone(timezone).toFormat('yyyy-MM-dd HH:mm:ss'),
      actorId: entry.actorId,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      clientAddress: entry.clientAddress,
      changes: fields.map((field) => ({
        field,
        before: shown(before[field]),
        after: shown(after[field]),
      })),
    }
  })
}
