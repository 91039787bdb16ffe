import { randomInt } from 'node:crypto'
import { DateTime } from 'luxon'

/** Crockford's base-32 alphabet: no I, L, O or U, so a number read aloud is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const RANDOM_CHARACTERS = 10

/**
 * A human order number, `ORD-YYYYMMDD-` and ten random base-32 characters (50 bits), the date in
 * UTC. Numbers are unique by a database index; a clash, vanishingly rare, is retried by the
 * caller. Random rather than sequential, so concurrent checkouts never queue on one counter row
 * and a number tells nothing about the shop's volume.
 */
export function newOrderNumber(now: DateTime = DateTime.utc()): string {
  let suffix = ''
  for (let index = 0; index < RANDOM_CHARACTERS; index++) suffix += ALPHABET[randomInt(32)]
  return `ORD-${now.toUTC().toFormat('yyyyMMdd')}-${suffix}`
}

/** Hands out order numbers to placements; a collaborator, so a test can make two numbers clash. */
export class OrderNumbers {
  /** A fresh random order number for today. */
  next(): string {
    return newOrderNumber()
  }
}
