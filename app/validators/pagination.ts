import vine from '@vinejs/vine'

/** `limit` (1..100, default 20) and `offset` (≥ 0, default 0), as every `/api/v1` list takes. */
export const paginationFields = {
  limit: vine.number().withoutDecimals().range([1, 100]).optional(),
  offset: vine.number().withoutDecimals().min(0).max(1_000_000).optional(),
}

/** Validator for a list that takes nothing but pagination. */
export const paginationValidator = vine.create(vine.object(paginationFields))

/** Applies the list defaults of the README's API section (limit 20, offset 0). */
export function pageRequest(input: { limit?: number; offset?: number }) {
  return { limit: input.limit ?? 20, offset: input.offset ?? 0 }
}
