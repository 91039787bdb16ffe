import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { screenshot, seedDemoStore, openAsDemoAdmin } from '#tests/helpers/console'
import { eachInTransaction } from '#tests/helpers/transactions'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** How wide the page and its first table are, and how far the table scrolled sideways. */
async function widths(page: Page) {
  const wrap = page.locator('.table-wrap').first()
  const [pageWidth, frame] = await Promise.all([
    page.locator('html').evaluate((html) => html.scrollWidth),
    wrap.evaluate((element) => {
      element.scrollLeft = 120
      return {
        wrapWidth: element.clientWidth,
        tableWidth: element.scrollWidth,
        scrolled: element.scrollLeft,
      }
    }),
  ])
  return { viewport: page.viewportSize()!.width, pageWidth, ...frame }
}

test.group('Console in a browser: a phone', (group) => {
  eachInTransaction(group)

  test('a wide table scrolls inside its frame; the page does not: {name}')
    .with([
      { name: 'orders', route: 'console.orders.index' as const },
      { name: 'products', route: 'console.products.index' as const },
      { name: 'users', route: 'console.users.index' as const },
      { name: 'activity', route: 'console.activity.index' as const },
    ])
    .run(async ({ visit, assert }, { name, route }) => {
      await seedDemoStore()
      const page = await openAsDemoAdmin(visit)
      await page.setViewportSize({ width: 375, height: 740 })
      await page.goto(urlFor(route))
      const seen = await widths(page)
      assert.isAtMost(seen.pageWidth, seen.viewport, 'the page itself never scrolls sideways')
      assert.isAtMost(seen.wrapWidth, seen.viewport)
      assert.isAbove(seen.tableWidth, seen.wrapWidth, 'the table is wider than the phone')
      assert.isAbove(seen.scrolled, 0, 'and scrolls inside its frame')
      if (name === 'orders') {
        await page
          .locator('.table-wrap')
          .first()
          .evaluate((element) => {
            element.scrollLeft = 0
          })
        await screenshot(page, 'phone-orders')
      }
    })
})
