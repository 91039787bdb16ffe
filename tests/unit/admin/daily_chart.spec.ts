import { test } from '@japa/runner'
import fc from 'fast-check'
import { chartGeometry, fillDays, niceCeiling, type DayFigures } from '#services/admin/daily_chart'

/** Thirty consecutive day names, 2026-03-01 … 2026-03-30. */
const DAYS = Array.from(
  { length: 30 },
  (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`
)
const zeros = (): DayFigures[] => fillDays(DAYS, [])

test.group('Dashboard chart: days', () => {
  test('every day appears in order, days without a row as zeros', ({ assert }) => {
    const series = fillDays(DAYS, [
      { day: '2026-03-30', orders: 4, revenueCents: 1999 },
      { day: '2026-03-02', orders: 1, revenueCents: 500 },
    ])
    assert.deepEqual(
      series.map((day) => day.day),
      DAYS
    )
    assert.deepEqual(series[1], { day: '2026-03-02', orders: 1, revenueCents: 500 })
    assert.deepEqual(series[29], { day: '2026-03-30', orders: 4, revenueCents: 1999 })
    assert.deepEqual(series[0], { day: '2026-03-01', orders: 0, revenueCents: 0 })
    assert.lengthOf(
      series.filter((day) => day.orders === 0 && day.revenueCents === 0),
      28
    )
  })

  test('a row for a day outside the range is not drawn', ({ assert }) => {
    const series = fillDays(DAYS, [{ day: '2026-02-28', orders: 9, revenueCents: 900 }])
    assert.isTrue(series.every((day) => day.orders === 0))
  })

  test('an empty month draws thirty empty bars on the baseline', ({ assert }) => {
    const chart = chartGeometry(zeros())
    assert.lengthOf(chart.bars, 30)
    assert.lengthOf(chart.points, 30)
    assert.isTrue(chart.bars.every((bar) => bar.height === 0 && bar.y === chart.plot.bottom))
    assert.isTrue(chart.points.every((point) => point.y === chart.plot.bottom))
    // The axes still read: 0 to 2 orders, 0.00 to 1.00 in currency.
    assert.deepEqual(
      chart.orderTicks.map((tick) => tick.value),
      [0, 1, 2]
    )
    assert.deepEqual(
      chart.revenueTicks.map((tick) => tick.value),
      [0, 50, 100]
    )
  })

  test('labels the last day and every seventh before it', ({ assert }) => {
    const chart = chartGeometry(zeros())
    assert.deepEqual(
      chart.dayLabels.map((label) => label.day),
      ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']
    )
  })
})

test.group('Dashboard chart: scaling', () => {
  test('axis tops are 1, 2 or 5 times a power of ten, at least the value', ({ assert }) => {
    assert.equal(niceCeiling(0), 1)
    assert.equal(niceCeiling(1), 1)
    assert.equal(niceCeiling(3), 5)
    assert.equal(niceCeiling(7), 10)
    assert.equal(niceCeiling(10), 10)
    assert.equal(niceCeiling(11), 20)
    assert.equal(niceCeiling(199_999), 200_000)
    assert.equal(niceCeiling(3, 100), 100)
  })

  test('bars scale to the busiest day against the axis top', ({ assert }) => {
    const series = zeros()
    series[10] = { ...series[10], orders: 10, revenueCents: 50_000 }
    series[11] = { ...series[11], orders: 5, revenueCents: 25_000 }
    const chart = chartGeometry(series)
    const plotHeight = chart.plot.bottom - chart.plot.top
    assert.equal(chart.orderTicks.at(-1)!.value, 10)
    assert.equal(chart.bars[10].height, plotHeight)
    assert.equal(chart.bars[10].y, chart.plot.top)
    assert.closeTo(chart.bars[11].height, plotHeight / 2, 0.01)
    assert.equal(chart.revenueTicks.at(-1)!.value, 50_000)
    assert.equal(chart.points[10].y, chart.plot.top)
    assert.closeTo(chart.points[11].y, chart.plot.bottom - plotHeight / 2, 0.01)
    // Ticks sit where their value would be drawn.
    assert.deepEqual(
      chart.orderTicks.map((tick) => tick.y),
      [chart.plot.bottom, chart.plot.bottom - plotHeight / 2, chart.plot.top]
    )
  })

  test('orders without revenue keep the revenue line on the baseline', ({ assert }) => {
    const series = zeros().map((day) => ({ ...day, orders: 3 }))
    const chart = chartGeometry(series)
    assert.isTrue(chart.bars.every((bar) => bar.height > 0))
    assert.isTrue(chart.points.every((point) => point.y === chart.plot.bottom))
    assert.notInclude(chart.revenueLine, 'NaN')
  })

  test('one huge day fills the plot and small days stay visible', ({ assert }) => {
    const series = zeros().map((day) => ({ ...day, orders: 1, revenueCents: 100 }))
    series[29] = { ...series[29], orders: 100_000, revenueCents: 5_000_000_000 }
    const chart = chartGeometry(series)
    assert.equal(chart.bars[29].y, chart.plot.top)
    assert.equal(chart.points[29].y, chart.plot.top)
    for (const bar of chart.bars.slice(0, 29)) assert.isAtLeast(bar.height, 1)
    for (const point of chart.points.slice(0, 29)) {
      assert.isAtMost(point.y, chart.plot.bottom - 1)
    }
  })

  test('every mark stays inside the plot, whatever the figures', ({ assert }) => {
    const day = fc.record({
      orders: fc.integer({ min: 0, max: 1_000_000 }),
      revenueCents: fc.integer({ min: 0, max: 100_000_000_000 }),
    })
    fc.assert(
      fc.property(fc.array(day, { minLength: 30, maxLength: 30 }), (figures) => {
        const chart = chartGeometry(
          figures.map((figure, index) => ({ day: DAYS[index], ...figure }))
        )
        const { left, right, top, bottom } = chart.plot
        for (const bar of chart.bars) {
          assert.isTrue(Number.isFinite(bar.y) && Number.isFinite(bar.height))
          assert.isTrue(bar.y >= top && bar.y + bar.height <= bottom + 0.01)
          assert.isTrue(bar.x >= left && bar.x + bar.width <= right + 0.01)
        }
        for (const point of chart.points) {
          assert.isTrue(point.y >= top && point.y <= bottom)
        }
        const tallest = Math.max(...figures.map((figure) => figure.orders))
        assert.isAtLeast(chart.orderTicks.at(-1)!.value, tallest)
      }),
      { numRuns: 500 }
    )
  })
})
