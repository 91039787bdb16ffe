/*
| The rules of options and variants (docs/api/catalog.md, "Variants"), pure: which option values
| fit a product's options, and the canonical key that makes each combination unique per product.
| Keys a client chose (option names) are only ever read as own properties, so a name such as
| `constructor` or `__proto__` is an option name like any other.
*/
import type { ProductOption } from '#models/product'
import type { OptionValues } from '#models/product_variant'

/** At most this many options a product, values an option, and variants a product. */
export const MAX_OPTIONS = 3
export const MAX_OPTION_VALUES = 30
export const MAX_VARIANTS = 100

/** Why option values or options were refused; the service turns it into `InvalidVariant`. */
export class VariantRuleBroken extends Error {}

/**
 * The options as a seller sends them, checked: names distinct ignoring case, values distinct
 * within their option. Answers them as given (already trimmed by the validator).
 */
export function checkedOptions(options: ProductOption[]): ProductOption[] {
  if (options.length > MAX_OPTIONS) {
    throw new VariantRuleBroken(`A product has at most ${MAX_OPTIONS} options`)
  }
  const names = new Set(options.map((option) => option.name.toLowerCase()))
  if (names.size !== options.length) throw new VariantRuleBroken('Option names must differ')
  for (const option of options) {
    if (new Set(option.values).size !== option.values.length) {
      throw new VariantRuleBroken(`The values of option "${option.name}" must differ`)
    }
  }
  return options
}

/**
 * Whether new options may replace a product's options: the same names in the same order, each
 * keeping every value it had (values may be added, never renamed or removed, so every existing
 * variant keeps fitting).
 */
export function checkedOptionChange(
  before: ProductOption[],
  after: ProductOption[]
): ProductOption[] {
  checkedOptions(after)
  const sameNames =
    before.length === after.length && before.every((option, i) => option.name === after[i].name)
  if (!sameNames) {
    throw new VariantRuleBroken(
      'Option names are fixed when the product is created; values may only be added'
    )
  }
  before.forEach((option, i) => {
    const kept = new Set(after[i].values)
    const lost = option.values.find((value) => !kept.has(value))
    if (lost !== undefined) {
      throw new VariantRuleBroken(
        `The value "${lost}" of option "${option.name}" cannot be removed`
      )
    }
  })
  return after
}

/**
 * The option values of a variant, checked against the product's options: exactly one known value
 * for each option, nothing else. Answers them in the options' order, as own properties only.
 */
export function checkedOptionValues(options: ProductOption[], values: OptionValues): OptionValues {
  const given = Object.keys(values)
  if (options.length === 0) {
    if (given.length > 0) throw new VariantRuleBroken('This product has no options')
    return {}
  }
  const unknown = given.find((name) => !options.some((option) => option.name === name))
  if (unknown !== undefined) throw new VariantRuleBroken(`The product has no option "${unknown}"`)
  return Object.fromEntries(
    options.map((option) => {
      const value = Object.hasOwn(values, option.name) ? values[option.name] : undefined
      if (value === undefined) throw new VariantRuleBroken(`A value of "${option.name}" is needed`)
      if (!option.values.includes(value)) {
        throw new VariantRuleBroken(`"${value}" is not a value of option "${option.name}"`)
      }
      return [option.name, value]
    })
  )
}

/**
 * The combination as one string, unique among a product's live variants (a unique index): the
 * values in the options' order. The default variant of a product without options has ''.
 */
export function optionKeyOf(options: ProductOption[], values: OptionValues): string {
  if (options.length === 0) return ''
  return JSON.stringify(options.map((option) => values[option.name]))
}

/** A variant's options as people read them: `Size: M, Colour: Red`; '' by default. */
export function optionsLabel(values: OptionValues): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ')
}

/** A variant as people name it: `T-shirt (Size: M, Colour: Red)`; its product's name by default. */
export function variantLabel(productName: string, values: OptionValues): string {
  const options = optionsLabel(values)
  return options === '' ? productName : `${productName} (${options})`
}
