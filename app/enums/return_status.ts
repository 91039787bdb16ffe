/**
 * A return (docs/api/returns.md): REQUESTED by the customer, then APPROVED or REJECTED by the
 * shop's seller (or an admin); an approved return is RECEIVED when its units are back, and
 * REFUNDED once its refund succeeded (at once for money recorded by hand).
 */
export const RETURN_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'REJECTED',
  'RECEIVED',
  'REFUNDED',
] as const
export type ReturnStatus = (typeof RETURN_STATUSES)[number]

/** For each status, the one it is reached from. */
export const RETURN_SOURCES: Record<ReturnStatus, ReturnStatus | null> = {
  REQUESTED: null,
  APPROVED: 'REQUESTED',
  REJECTED: 'REQUESTED',
  RECEIVED: 'APPROVED',
  REFUNDED: 'RECEIVED',
}
