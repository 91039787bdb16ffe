import config from '@adonisjs/core/services/config'

interface Entry {
  value: unknown
  expiresAt: number
}

/**
 * The most entries the cache keeps. Keys come from what customers send (a tax rate is looked up
 * by the address's `state`, a shipping method by the id in the request), so without a bound the
 * cache would grow with every new spelling; past it, the entry used longest ago is dropped.
 */
export const NEAR_STATIC_CACHE_ENTRIES = 1000

/**
 * Rows that change a few times a year but are read by every price summary (shipping methods,
 * tax rates), kept in this process for `ttlMs` at most, `maxEntries` of them at most. A write through this process's services
 * empties it at once; a write made elsewhere (another instance, SQL by hand) is seen at the
 * latest `ttlMs` after it committed. Only the summary reads through it: a placement reads what it
 * charges inside its own transaction, so a stale entry can show an old price but never charge one
 * (docs/performance.md, "Near-static rows").
 */
export class NearStaticCache {
  #entries = new Map<string, Entry>()
  #generation = 0
  #ttlMs: number | (() => number)

  /**
   * `ttlMs` 0 turns the cache off: every read goes to the database. A function is asked on first
   * use, so the process's cache can read the configuration, which is not there yet when console
   * commands import the services.
   */
  constructor(
    ttlMs: number | (() => number),
    protected now: () => number = Date.now,
    readonly maxEntries: number = NEAR_STATIC_CACHE_ENTRIES
  ) {
    this.#ttlMs = ttlMs
  }

  /** The lifetime of an entry, in milliseconds. */
  get ttlMs(): number {
    if (typeof this.#ttlMs === 'function') this.#ttlMs = this.#ttlMs()
    return this.#ttlMs
  }

  set ttlMs(value: number) {
    this.#ttlMs = value
  }

  /** The value under `key`, loaded (and kept) when absent or expired. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load()
    const hit = this.#entries.get(key)
    if (hit && hit.expiresAt > this.now()) {
      // Used again: to the back of the line of entries to drop.
      this.#entries.delete(key)
      this.#entries.set(key, hit)
      return hit.value as T
    }

    const generation = this.#generation
    // The value is as old as the moment the read started, so its lifetime counts from then.
    const startedAt = this.now()
    const value = await load()
    // A write that emptied the cache while this read ran may have committed after it: keep
    // nothing rather than what it might have missed.
    if (generation === this.#generation) {
      this.#entries.delete(key)
      this.#entries.set(key, { value, expiresAt: startedAt + this.ttlMs })
      // A Map keeps insertion order: the first key is the one used longest ago.
      if (this.#entries.size > this.maxEntries) {
        this.#entries.delete(this.#entries.keys().next().value!)
      }
    }
    return value
  }

  /** How many entries the cache holds now. */
  get size(): number {
    return this.#entries.size
  }

  /** Forgets everything; writers call it once their transaction has committed. */
  invalidate(): void {
    this.#generation++
    this.#entries.clear()
  }
}

/** The process's cache, shared by the shipping-method and tax-rate services. */
export const nearStaticCache = new NearStaticCache(
  () => config.get<number>('store.nearStaticCacheSeconds', 5) * 1000
)
