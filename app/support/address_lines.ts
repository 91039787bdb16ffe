/*
| A postal address as its country writes it. Where the postal code stands differs by country:
| "Austin, TX 78701" in the United States, "78701 Austin" in most of Europe, the postcode on a
| line of its own in the United Kingdom. The table keeps the countries the store is likely to ship
| to; any other country gets the European order, with the region on a line of its own.
*/
import type { AddressSnapshot } from '#models/order'

/** The locality lines of a country: `{city}`, `{state}` and `{postalCode}`, lines split by `\n`. */
const LOCALITY: Record<string, string> = {
  US: '{city}, {state} {postalCode}',
  CA: '{city} {state} {postalCode}',
  AU: '{city} {state} {postalCode}',
  GB: '{city}\n{postalCode}',
  IT: '{postalCode} {city} {state}',
  BR: '{city}-{state}\n{postalCode}',
  JP: '{postalCode}\n{state} {city}',
}

/** Most of Europe and the default: the postal code before the city, the region below them. */
const POSTCODE_CITY = '{postalCode} {city}\n{state}'

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code
  } catch {
    return code
  }
}

/** A locality template filled in; an empty part takes its separator with it. */
function locality(template: string, address: AddressSnapshot): string[] {
  const values: Record<string, string> = {
    city: address.city ?? '',
    state: address.state ?? '',
    postalCode: address.postalCode ?? '',
  }
  return template
    .split('\n')
    .map((line) =>
      line
        .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')
        .replace(/\s+/g, ' ')
        .replace(/^[\s,-]+|[\s,-]+$/g, '')
        .replace(/\s*,\s*,/g, ',')
    )
    .filter((line) => line !== '')
}

/** The lines of an address, name first and country last, as its country writes them. */
export function addressLines(address: AddressSnapshot): string[] {
  const country = (address.country ?? '').toUpperCase()
  return [
    address.fullName,
    address.line1,
    address.line2,
    ...locality(LOCALITY[country] ?? POSTCODE_CITY, address),
    country ? countryName(country) : null,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '')
}
