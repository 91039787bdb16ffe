/*
| Policy version numbers: one to three dot-separated non-negative integers ("1", "1.0", "2.1.3"),
| compared numerically part by part with missing parts counting as zero. So "1.10" is above "1.9",
| and "1.0" equals "1" (a duplicate of it). Pure: no framework imports, unit-tested directly.
*/

/** The largest value of one part; keeps each part well inside a 32-bit integer column. */
export const MAX_VERSION_PART = 999_999

/**
 * One to three parts without leading zeros: "1.01" would equal "1.1" numerically while reading as
 * a different number, so each version has exactly one spelling per numeric value and part count.
 */
export const VERSION_PATTERN = /^(?:0|[1-9]\d{0,5})(?:\.(?:0|[1-9]\d{0,5})){0,2}$/

/** The longest text the pattern can match: three six-digit parts and two dots. */
export const VERSION_MAX_LENGTH = 20

/** A version as `[major, minor, patch]`, missing parts filled with zero. */
export type VersionParts = readonly [major: number, minor: number, patch: number]

/** The parts of a version string, or null when it is not a valid version. */
export function parseVersion(text: string): VersionParts | null {
  if (!VERSION_PATTERN.test(text)) return null
  const [major, minor = 0, patch = 0] = text.split('.').map(Number)
  return [major, minor, patch]
}

/** Negative when `a` is below `b`, zero when they are numerically equal, positive when above. */
export function compareVersions(a: VersionParts, b: VersionParts): number {
  for (let index = 0; index < 3; index++) {
    if (a[index] !== b[index]) return a[index] < b[index] ? -1 : 1
  }
  return 0
}

/** Why a version may not be placed: it already exists, or it would not keep the order. */
export type VersionVerdict = 'ok' | 'duplicate' | 'out_of_order'

/** A new version of a type must not exist yet and must be above every existing version. */
export function checkNewVersion(
  candidate: VersionParts,
  existing: readonly VersionParts[]
): VersionVerdict {
  if (existing.some((version) => compareVersions(version, candidate) === 0)) return 'duplicate'
  if (existing.some((version) => compareVersions(version, candidate) > 0)) return 'out_of_order'
  return 'ok'
}

/**
 * Renumbering a policy may not pass another version of its type: the new number must stay above
 * the next lower version and below the next higher one, so version order keeps matching
 * publication order. `others` are the type's versions without the policy being renumbered.
 */
export function checkVersionChange(
  current: VersionParts,
  candidate: VersionParts,
  others: readonly VersionParts[]
): VersionVerdict {
  if (others.some((version) => compareVersions(version, candidate) === 0)) return 'duplicate'
  const crossesAnother = others.some(
    (version) =>
      Math.sign(compareVersions(version, current)) !==
      Math.sign(compareVersions(version, candidate))
  )
  return crossesAnother ? 'out_of_order' : 'ok'
}
