import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright'
import app from '@adonisjs/core/services/app'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'

/** Signs in through the console's form. */
export async function signIn(page: Page, email: string, password = FACTORY_PASSWORD) {
  await page.goto('/admin/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Saves a full-page screenshot under tmp/screenshots/ (the README shows them). */
export async function screenshot(page: Page, name: string) {
  const directory = app.tmpPath('screenshots')
  mkdirSync(directory, { recursive: true })
  await page.screenshot({ path: `${directory}/${name}.png`, fullPage: true })
}
