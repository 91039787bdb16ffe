import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { DemoStoreSeeder } from '#database/seeders/demo_store/demo_store_seeder'
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '#database/seeders/demo_store/demo_store_data'
import { urlFor } from '@adonisjs/core/services/url_builder'

/** Signs in through the console's form. */
export async function signIn(page: Page, email: string, password = FACTORY_PASSWORD) {
  await page.goto(urlFor('console.login'))
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Saves a full-page screenshot under tmp/screenshots/ (the README shows them). */
export async function screenshot(page: Page, name: string) {
  const directory = app.tmpPath('screenshots')
  mkdirSync(directory, { recursive: true })
  const options = { path: `${directory}/${name}.png`, fullPage: true }
  try {
    await page.screenshot(options)
  } catch (error) {
    // Chromium sometimes cannot capture a frame on a loaded machine; the page itself is fine,
    // and what the test checks is in its assertions, not in the picture. One more try.
    if (!String(error).includes('Unable to capture screenshot')) throw error
    await page.screenshot(options)
  }
}

/**
 * The demo store of `node ace demo:seed`, made inside the test's transaction: the console
 * screenshots in the README show it.
 */
export async function seedDemoStore() {
  const demoStore = await app.container.make(DemoStoreSeeder)
  await demoStore.seed()
}

/**
 * Opens the console at the size of the README's screenshots, signed in as the demo store's Super
 * Admin (seed it first with `seedDemoStore`).
 */
export async function openAsDemoAdmin(visit: (url: string) => Promise<Page>): Promise<Page> {
  const page = await visit(urlFor('console.login'))
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD)
  return page
}
