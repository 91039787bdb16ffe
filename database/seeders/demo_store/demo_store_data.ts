/*
| What `node ace demo:seed` puts in the store: plain data, money in integer cents. Every address is
| at the reserved `.example` domain (RFC 2606), so no mail to them can ever be delivered.
*/

/** The one password of every demo account. */
export const DEMO_PASSWORD = 'demo-store-2026'

/** The demo's Super Admin, who signs in to the console. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.example'

/** A product a demo shop sells. */
export interface DemoProduct {
  sku: string
  name: string
  description: string
  priceCents: number
  stock: number
  /** False for the few the demo keeps out of its orders (low stock, off sale). */
  ordered?: boolean
  isActive?: boolean
  /**
   * A product sold in several variants: its options, and per variant its values, SKU suffix,
   * price and stock (the product's own `sku`, `priceCents` and `stock` are then the first's).
   */
  options?: Array<{ name: string; values: string[] }>
  variants?: Array<{
    values: Record<string, string>
    skuSuffix: string
    priceCents: number
    stock: number
  }>
}

/** The demo's category tree: roots, and the children each shop's products are filed under. */
export const DEMO_CATEGORIES = [
  { slug: 'home', name: 'Home', parent: null },
  { slug: 'ceramics', name: 'Ceramics', parent: 'home' },
  { slug: 'textiles', name: 'Textiles', parent: 'home' },
  { slug: 'food-and-drink', name: 'Food & Drink', parent: null },
  { slug: 'coffee', name: 'Coffee', parent: 'food-and-drink' },
  { slug: 'stationery', name: 'Stationery', parent: null },
] as const

/** A demo seller and the shop they run. */
export interface DemoShop {
  sellerEmail: string
  name: string
  description: string
  /** False for the shop the demo leaves awaiting an admin's approval. */
  approved: boolean
  /** The slug of the category its products are filed under (`DEMO_CATEGORIES`). */
  category: string
  /** The colour of its products' generated pictures, as red, green and blue. */
  colour: [number, number, number]
  products: DemoProduct[]
}

/** A demo customer and their one (default) address. */
export interface DemoCustomer {
  email: string
  fullName: string
  phone: string
  line1: string
  line2?: string
  city: string
  state?: string
  postalCode: string
  country: string
}

export const DEMO_SHOPS: DemoShop[] = [
  {
    sellerEmail: 'maya.chen@demo.example',
    name: 'Clay & Kiln',
    category: 'ceramics',
    colour: [196, 164, 132],
    description: 'Hand-thrown stoneware from a two-person studio in Portland',
    approved: true,
    products: [
      {
        sku: 'CK-MUG-OAT',
        name: 'Stoneware Mug, Speckled Oat',
        description: '350 ml, dishwasher safe',
        priceCents: 2400,
        stock: 60,
      },
      {
        sku: 'CK-MUG-INK',
        name: 'Stoneware Mug, Ink Blue',
        description: '350 ml, dishwasher safe',
        priceCents: 2400,
        stock: 55,
      },
      {
        sku: 'CK-DRIPPER',
        name: 'Pour-Over Dripper',
        description: 'Fits size 02 filters',
        priceCents: 3800,
        stock: 40,
      },
      {
        sku: 'CK-PLATE-DIN',
        name: 'Dinner Plate, Matte White',
        description: '27 cm',
        priceCents: 3200,
        stock: 80,
      },
      {
        sku: 'CK-PLATE-SIDE',
        name: 'Side Plate, Matte White',
        description: '20 cm',
        priceCents: 2200,
        stock: 80,
      },
      {
        sku: 'CK-BOWL-PASTA',
        name: 'Pasta Bowl, Sage',
        description: '22 cm, wide rim',
        priceCents: 2900,
        stock: 50,
      },
      {
        sku: 'CK-BOWL-SERVE',
        name: 'Serving Bowl, Large',
        description: '30 cm, speckled glaze',
        priceCents: 6800,
        stock: 25,
      },
      {
        sku: 'CK-TEAPOT',
        name: 'Teapot, 1 L',
        description: 'With a stainless steel infuser; each one a little different',
        priceCents: 8500,
        stock: 3,
        ordered: false,
      },
      {
        sku: 'CK-CUPS-2',
        name: 'Tea Cups, Set of 2',
        description: 'Handleless, 200 ml',
        priceCents: 3400,
        stock: 45,
      },
      {
        sku: 'CK-VASE-BUD',
        name: 'Bud Vase, Ash Glaze',
        description: '12 cm',
        priceCents: 1950,
        stock: 70,
      },
      {
        sku: 'CK-PLANTER-15',
        name: 'Planter with Saucer, 15 cm',
        description: 'Unglazed inside, with a drainage hole',
        priceCents: 4200,
        stock: 30,
      },
      {
        sku: 'CK-ESPRESSO-4',
        name: 'Espresso Cups, Set of 4',
        description: '80 ml',
        priceCents: 4800,
        stock: 35,
      },
      {
        sku: 'CK-BUTTER',
        name: 'Butter Dish',
        description: 'Holds a 250 g block',
        priceCents: 3600,
        stock: 40,
      },
      {
        sku: 'CK-SALT',
        name: 'Salt Cellar with Spoon',
        description: 'Olive wood spoon',
        priceCents: 1650,
        stock: 65,
      },
    ],
  },
  {
    sellerEmail: 'tomas.berg@demo.example',
    name: 'Loom & Thread',
    category: 'textiles',
    colour: [120, 144, 156],
    description: 'Linen, wool and cotton for the home, woven in small batches',
    approved: true,
    products: [
      {
        sku: 'LT-TOWEL-TEA',
        name: 'Linen Tea Towel, Natural',
        description: '50 x 70 cm, stonewashed',
        priceCents: 1400,
        stock: 120,
      },
      {
        sku: 'LT-NAPKINS-4',
        name: 'Linen Napkins, Set of 4',
        description: '45 x 45 cm',
        priceCents: 3600,
        stock: 60,
      },
      {
        sku: 'LT-CLOTH-240',
        name: 'Linen Tablecloth, 140 x 240 cm',
        description: 'Seats six to eight',
        priceCents: 9600,
        stock: 20,
      },
      {
        sku: 'LT-THROW-HB',
        name: 'Wool Throw, Herringbone',
        description: '130 x 180 cm, lambswool',
        priceCents: 12900,
        stock: 18,
      },
      {
        sku: 'LT-BATH',
        name: 'Cotton Bath Towel',
        description: '70 x 140 cm, 600 g/m²',
        priceCents: 3200,
        stock: 90,
      },
      {
        sku: 'LT-WAFFLE',
        name: 'Waffle Hand Towel',
        description: '50 x 90 cm',
        priceCents: 1600,
        stock: 100,
      },
      {
        sku: 'LT-SCARF-CH',
        name: 'Merino Scarf, Charcoal',
        description: '180 cm, fringed',
        priceCents: 5800,
        stock: 35,
      },
      {
        sku: 'LT-CUSHION-IND',
        name: 'Cushion Cover, Indigo Stripe',
        description: '50 x 50 cm, hidden zip',
        priceCents: 3400,
        stock: 45,
      },
      {
        sku: 'LT-APRON',
        name: 'Apron, Waxed Canvas',
        description: 'Adjustable neck strap, two pockets',
        priceCents: 4900,
        stock: 40,
        options: [
          { name: 'Size', values: ['S', 'M', 'L'] },
          { name: 'Colour', values: ['Tobacco', 'Olive'] },
        ],
        variants: [
          {
            values: { Size: 'M', Colour: 'Tobacco' },
            skuSuffix: 'M-TOB',
            priceCents: 4900,
            stock: 40,
          },
          {
            values: { Size: 'S', Colour: 'Tobacco' },
            skuSuffix: 'S-TOB',
            priceCents: 4900,
            stock: 10,
          },
          {
            values: { Size: 'L', Colour: 'Tobacco' },
            skuSuffix: 'L-TOB',
            priceCents: 5200,
            stock: 8,
          },
          {
            values: { Size: 'M', Colour: 'Olive' },
            skuSuffix: 'M-OLV',
            priceCents: 4900,
            stock: 2,
          },
        ],
      },
      {
        sku: 'LT-RUNNER-OCH',
        name: 'Table Runner, Ochre',
        description: '40 x 200 cm',
        priceCents: 3900,
        stock: 40,
      },
      {
        sku: 'LT-BEANIE',
        name: 'Alpaca Beanie',
        description: 'One size',
        priceCents: 4200,
        stock: 50,
      },
      {
        sku: 'LT-BLANKET',
        name: 'Knitted Blanket, Cream',
        description: 'Back in the autumn',
        priceCents: 14900,
        stock: 0,
        ordered: false,
        isActive: false,
      },
      {
        sku: 'LT-TOTE',
        name: 'Tote Bag, Heavy Canvas',
        description: '38 x 42 cm',
        priceCents: 2750,
        stock: 75,
      },
    ],
  },
  {
    sellerEmail: 'lena.fischer@demo.example',
    name: 'Roast House',
    category: 'coffee',
    colour: [111, 78, 55],
    description: 'Small-lot coffee roasted every Tuesday, and loose-leaf tea',
    approved: true,
    products: [
      {
        sku: 'RH-ETH-250',
        name: 'Ethiopia Yirgacheffe, 250 g',
        description: 'Bergamot, peach, black tea',
        priceCents: 1450,
        stock: 150,
      },
      {
        sku: 'RH-COL-250',
        name: 'Colombia Huila, 250 g',
        description: 'Red apple, caramel',
        priceCents: 1300,
        stock: 150,
      },
      {
        sku: 'RH-ESP-1K',
        name: 'House Espresso Blend, 1 kg',
        description: 'Dark chocolate, hazelnut',
        priceCents: 3900,
        stock: 60,
      },
      {
        sku: 'RH-DECAF-250',
        name: 'Decaf Peru, 250 g',
        description: 'Swiss water process',
        priceCents: 1350,
        stock: 80,
      },
      {
        sku: 'RH-KENYA-250',
        name: 'Kenya AA, 250 g',
        description: 'Blackcurrant, grapefruit',
        priceCents: 1600,
        stock: 90,
      },
      {
        sku: 'RH-SENCHA-100',
        name: 'Sencha Green Tea, 100 g',
        description: 'First flush, Shizuoka',
        priceCents: 1100,
        stock: 70,
      },
      {
        sku: 'RH-EARLGREY-100',
        name: 'Earl Grey, 100 g',
        description: 'Ceylon with bergamot oil',
        priceCents: 950,
        stock: 85,
      },
      {
        sku: 'RH-CHAI-100',
        name: 'Chai Spice Blend, 100 g',
        description: 'Assam, cardamom, ginger, clove',
        priceCents: 1050,
        stock: 75,
      },
      {
        sku: 'RH-GRINDER',
        name: 'Hand Grinder, Steel Burr',
        description: '38 mm conical burrs',
        priceCents: 6400,
        stock: 25,
      },
      {
        sku: 'RH-KETTLE',
        name: 'Gooseneck Kettle, 1 L',
        description: 'For the stove and induction',
        priceCents: 7200,
        stock: 22,
      },
      {
        sku: 'RH-FILTERS',
        name: 'Paper Filters, 100 pcs',
        description: 'Size 02, unbleached',
        priceCents: 650,
        stock: 200,
      },
      {
        sku: 'RH-COLDBREW',
        name: 'Cold Brew Bottle',
        description: '1 L, with a mesh filter',
        priceCents: 2800,
        stock: 40,
      },
      {
        sku: 'RH-TASTING-4',
        name: 'Tasting Set, 4 x 100 g',
        description: "This month's four single origins",
        priceCents: 2400,
        stock: 50,
      },
    ],
  },
  {
    sellerEmail: 'noah.okafor@demo.example',
    name: 'Paper Trail',
    category: 'stationery',
    colour: [230, 220, 190],
    description: 'Notebooks and stationery bound by hand',
    approved: false,
    products: [],
  },
]

/** The customers who place the demo's orders. */
export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    email: 'emma.johnson@demo.example',
    fullName: 'Emma Johnson',
    phone: '+1 503 555 0142',
    line1: '118 Maple Street',
    city: 'Portland',
    state: 'OR',
    postalCode: '97205',
    country: 'US',
  },
  {
    email: 'liam.smith@demo.example',
    fullName: 'Liam Smith',
    phone: '+1 415 555 0178',
    line1: '2200 Mission Street',
    line2: 'Apt 4B',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94110',
    country: 'US',
  },
  {
    email: 'olivia.brown@demo.example',
    fullName: 'Olivia Brown',
    phone: '+1 312 555 0113',
    line1: '45 Lake Shore Drive',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60611',
    country: 'US',
  },
  {
    email: 'noah.davis@demo.example',
    fullName: 'Noah Davis',
    phone: '+1 617 555 0190',
    line1: '9 Beacon Street',
    city: 'Boston',
    state: 'MA',
    postalCode: '02108',
    country: 'US',
  },
  {
    email: 'sophie.mueller@demo.example',
    fullName: 'Sophie Müller',
    phone: '+49 30 5550 1234',
    line1: 'Kastanienallee 12',
    city: 'Berlin',
    postalCode: '10435',
    country: 'DE',
  },
  {
    email: 'lukas.schmidt@demo.example',
    fullName: 'Lukas Schmidt',
    phone: '+49 89 5550 4821',
    line1: 'Sendlinger Straße 7',
    city: 'München',
    postalCode: '80331',
    country: 'DE',
  },
  {
    email: 'amelia.clarke@demo.example',
    fullName: 'Amelia Clarke',
    phone: '+44 20 7946 0321',
    line1: '14 Clerkenwell Road',
    city: 'London',
    postalCode: 'EC1M 5PA',
    country: 'GB',
  },
  {
    email: 'jack.wilson@demo.example',
    fullName: 'Jack Wilson',
    phone: '+44 161 496 0754',
    line1: '3 Deansgate',
    city: 'Manchester',
    postalCode: 'M3 4LQ',
    country: 'GB',
  },
  {
    email: 'chloe.martin@demo.example',
    fullName: 'Chloé Martin',
    phone: '+33 1 99 00 42 17',
    line1: '18 rue des Martyrs',
    city: 'Paris',
    postalCode: '75009',
    country: 'FR',
  },
  {
    email: 'sanne.devries@demo.example',
    fullName: 'Sanne de Vries',
    phone: '+31 20 555 0199',
    line1: 'Prinsengracht 263',
    city: 'Amsterdam',
    postalCode: '1016 GV',
    country: 'NL',
  },
]

/**
 * The customer created last: a newcomer with no address, consent or order yet. Once this account
 * exists the demo store is complete, so it is the marker a second run looks for.
 */
export const DEMO_MARKER_CUSTOMER = { email: 'ava.thompson@demo.example', fullName: 'Ava Thompson' }

/** Tax rates by destination, in thousandths of a percent (8.25 % is 8250). */
export const DEMO_TAX_RATES = [
  { country: 'US', rate: 8250 },
  { country: 'DE', rate: 19000 },
]

/** How many orders the demo places (one placement makes one order per shop in the cart). */
export const DEMO_ORDER_TARGET = 60

/** Over how many days before now the demo's orders are spread. */
export const DEMO_ORDER_DAYS = 30

/** Codes of the demo's coupons: one active with uses, one active, used up, expired, scheduled. */
export const DEMO_COUPON_CODES = {
  welcome: 'WELCOME10',
  freeShipping: 'SHIPFREE5',
  launch: 'LAUNCH20',
  summer: 'SUMMER15',
  holiday: 'HOLIDAY25',
} as const

/** How many uses LAUNCH20 allows; the demo's orders use them all. */
export const DEMO_LAUNCH_USES = 3

/** Every e-mail address of a demo account. */
export function demoEmails(): string[] {
  return [
    DEMO_ADMIN_EMAIL,
    ...DEMO_SHOPS.map((shop) => shop.sellerEmail),
    ...DEMO_CUSTOMERS.map((customer) => customer.email),
    DEMO_MARKER_CUSTOMER.email,
  ]
}
