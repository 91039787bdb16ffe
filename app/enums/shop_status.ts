/**
 * Life-cycle of a shop: a new shop is PENDING; an admin approves it (its products go on sale) or
 * suspends it (they leave the catalog). Approve and suspend are allowed from either other state.
 */
export const ShopStatus = {
  PENDING: 'PENDING',
  APPROVED: 'APPROVED',
  SUSPENDED: 'SUSPENDED',
} as const

export type ShopStatus = (typeof ShopStatus)[keyof typeof ShopStatus]

export const SHOP_STATUSES = Object.values(ShopStatus)
