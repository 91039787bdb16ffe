/**
 * Rows every database needs, written idempotently: safe to run at every start and from
 * `node ace db:seed`. Each area adds its own step here.
 */
const steps: Array<() => Promise<void>> = []

/** Runs every essential-data step in order. */
export async function ensureEssentialData(): Promise<void> {
  for (const step of steps) await step()
}
