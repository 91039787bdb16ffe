/** How deeply a request body may nest objects and arrays (the top-level object is level 1). */
export const MAX_BODY_DEPTH = 64

/**
 * True when `value` nests objects or arrays deeper than `limit` levels. Walks with its own stack,
 * never recursion, so any parsed body can be measured, and stops at the first level too deep.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }]
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth > limit) return true
    for (const child of Object.values(current)) pending.push({ value: child, depth: depth + 1 })
  }
  return false
}
