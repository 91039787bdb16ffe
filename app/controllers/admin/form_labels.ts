/*
| The labels of the console's form fields, by area (the middle part of a console route name:
| `console.coupons.store` → `coupons`) and API field name. The form pages print these labels, and
| a refused submission's messages name the field by the same label (`renderConsoleError`), so an
| operator never reads an API name such as `discountValue` (docs/api/console.md, "How answers
| look").
*/

export const FORM_LABELS = {
  login: { email: 'E-mail', password: 'Password', code: 'Code' },
  security: { code: 'Code from the app', name: 'Name' },
  users: { userType: 'New type' },
  policies: {
    type: 'Type',
    title: 'Title',
    version: 'Version',
    effectiveDate: 'Effective date and time',
    content: 'Content',
  },
  coupons: {
    code: 'Code',
    discountType: 'Discount type',
    discountValue: 'Discount value',
    minOrderAmount: 'Minimum order amount',
    maxDiscountAmount: 'Maximum discount',
    startDate: 'Valid from',
    endDate: 'Valid until',
    usageLimit: 'Usage limit',
    isActive: 'Active',
    fundedBy: 'Funded by',
  },
  tax_rates: { country: 'Country', region: 'Region', rate: 'Rate' },
  categories: { name: 'Name', slug: 'Slug', parentId: 'Parent' },
  shipping_methods: {
    name: 'Name',
    description: 'Description',
    price: 'Price',
    estimatedDays: 'Estimated days',
    isActive: 'Active',
  },
  products: {
    reason: 'Reason shown to the seller',
    name: 'Name',
    description: 'Description',
    categoryIds: 'Categories',
    sku: 'SKU',
    price: 'Price',
    stock: 'Stock',
    isActive: 'On sale',
    optionValues: 'Options',
    imageIds: 'Image order',
    file: 'Image file',
  },
  ledger: {
    rate: 'Commission rate (%)',
    amount: 'Amount',
    reason: 'Reason',
  },
  payouts: {
    reference: 'Bank reference',
    reason: 'Why it failed',
    stripeAccountId: 'Stripe account',
    status: 'Status',
    shopId: 'Shop',
  },
  orders: {
    status: 'Status',
    paymentStatus: 'Payment status',
    amount: 'Refund amount',
    reason: 'Reason',
  },
} as const satisfies Record<string, Record<string, string>>

/** The labels of the form a console route belongs to; none for a route outside the table. */
export function labelsOfRoute(routeName: string | undefined): Record<string, string> {
  const area = routeName?.split('.')[1]
  return area && area in FORM_LABELS ? FORM_LABELS[area as keyof typeof FORM_LABELS] : {}
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A validation message with API field names replaced by the labels on the page: "The
 * discountValue field must be greater than 0" reads "Discount value must be greater than 0", and a
 * camel-case name elsewhere in it ("… after startDate") its label too. A plain word such as
 * `type` is replaced only in the "The … field" form, where it is surely the field. A missing
 * field "must be defined" in the API's words; on a form it "is required".
 */
export function labelledMessage(message: string, labels: Record<string, string>): string {
  let text = message.replace(/ must be defined$/, ' is required')
  for (const [field, label] of Object.entries(labels)) {
    text = text.replace(new RegExp(`\\bThe ${escaped(field)} field\\b`, 'g'), label)
    if (/[A-Z]/.test(field)) text = text.replace(new RegExp(`\\b${escaped(field)}\\b`, 'g'), label)
  }
  return text
}
