/*
| Geometry of the dashboard's orders-and-revenue chart, drawn by the view as SVG without any
| script. Pure: plain numbers in, coordinates out, so the scaling is unit-tested
| (tests/unit/admin/daily_chart.spec.ts) and the view only places what it is given.
*/

/** One store-local day: orders placed and the revenue they brought, in integer cents. */
export interface DayFigures {
  /** `YYYY-MM-DD` in the store's time zone. */
  day: string
  orders: number
  revenueCents: number
}

/** A labelled mark on a vertical axis. */
export interface AxisTick {
  value: number
  y: number
}

/** Everything the view needs to draw the chart, in SVG user units. */
export interface ChartGeometry {
  width: number
  height: number
  plot: { left: number; top: number; right: number; bottom: number }
  /** One bar per day (orders), oldest first, zero-height on a day without orders. */
  bars: Array<{ day: string; orders: number; x: number; y: number; width: number; height: number }>
  /** One point per day (revenue), at the middle of that day's bar. */
  points: Array<{ day: string; revenueCents: number; x: number; y: number }>
  /** The revenue line as the `points` attribute of an SVG polyline. */
  revenueLine: string
  /** Left axis: orders. Right axis: revenue in cents. */
  orderTicks: AxisTick[]
  revenueTicks: AxisTick[]
  /** Days labelled under the axis: the last and every seventh before it. */
  dayLabels: Array<{ day: string; x: number }>
}

const WIDTH = 760
const HEIGHT = 260
const PLOT = { left: 48, top: 12, right: WIDTH - 72, bottom: HEIGHT - 28 }
const BAR_GAP = 0.25
/** A day with any orders or revenue stays visible next to a day hundreds of times larger. */
const MIN_VISIBLE = 1
const LABEL_EVERY = 7

/**
 * The `days` in order, each with its row of `rows` or zeros: the database returns only days that
 * had orders, the chart shows every day.
 */
export function fillDays(days: string[], rows: DayFigures[]): DayFigures[] {
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return days.map((day) => byDay.get(day) ?? { day, orders: 0, revenueCents: 0 })
}

/**
 * The smallest of 1, 2, 5 × 10^n (n ≥ 0) that is at least `value` and at least `floor`: an axis
 * top that reads well and leaves the tallest mark near it.
 */
export function niceCeiling(value: number, floor = 1): number {
  const target = Math.max(value, floor, 1)
  let magnitude = 1
  while (magnitude * 10 < target) magnitude *= 10
  for (const step of [1, 2, 5, 10]) {
    if (step * magnitude >= target) return step * magnitude
  }
  return 10 * magnitude
}

/** The chart of `series` (oldest day first). */
export function chartGeometry(series: DayFigures[]): ChartGeometry {
  const plotHeight = PLOT.bottom - PLOT.top
  const slot = series.length > 0 ? (PLOT.right - PLOT.left) / series.length : 0
  // Two orders at least, so the middle tick is a whole order; one currency unit at least.
  const ordersTop = niceCeiling(Math.max(0, ...series.map((day) => day.orders)), 2)
  const revenueTop = niceCeiling(Math.max(0, ...series.map((day) => day.revenueCents)), 100)

  const heightOf = (value: number, top: number) =>
    value > 0 ? Math.max(MIN_VISIBLE, (value / top) * plotHeight) : 0
  const yOf = (value: number, top: number) => PLOT.bottom - heightOf(value, top)

  const bars = series.map((day, index) => {
    // The height follows the rounded top, so every bar ends exactly on the baseline.
    const y = round(PLOT.bottom - heightOf(day.orders, ordersTop))
    return {
      day: day.day,
      orders: day.orders,
      x: round(PLOT.left + index * slot + (slot * BAR_GAP) / 2),
      y,
      width: round(slot * (1 - BAR_GAP)),
      height: round(PLOT.bottom - y),
    }
  })
  const points = series.map((day, index) => ({
    day: day.day,
    revenueCents: day.revenueCents,
    x: round(PLOT.left + (index + 0.5) * slot),
    y: round(yOf(day.revenueCents, revenueTop)),
  }))
  const ticks = (top: number): AxisTick[] =>
    [0, top / 2, top]
      .filter((value) => Number.isInteger(value))
      .map((value) => ({ value, y: round(PLOT.bottom - (value / top) * plotHeight) }))

  const last = series.length - 1
  const dayLabels = series
    .map((day, index) => ({ day: day.day, x: round(PLOT.left + (index + 0.5) * slot), index }))
    .filter(({ index }) => (last - index) % LABEL_EVERY === 0)
    .map(({ day, x }) => ({ day, x }))

  return {
    width: WIDTH,
    height: HEIGHT,
    plot: { ...PLOT },
    bars,
    points,
    revenueLine: points.map((point) => `${point.x},${point.y}`).join(' '),
    orderTicks: ticks(ordersTop),
    revenueTicks: ticks(revenueTop),
    dayLabels,
  }
}

/** Two decimals keep the markup short and the output stable across runs. */
function round(value: number): number {
  return Math.round(value * 100) / 100
}
