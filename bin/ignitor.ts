/*
| The Ignitor both `node ace` (bin/console.ts) and the test runner (bin/test.ts) start the
| application with: modules imported relative to the application root, the environment validated
| at boot, and SIGTERM (SIGINT under pm2) terminating the application. The HTTP server
| (bin/server.ts) drains its connections on those signals instead, so it builds its own.
*/
import { Ignitor } from '@adonisjs/core'

const APP_ROOT = new URL('../', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

export function ignitor() {
  return new Ignitor(APP_ROOT, { importer: IMPORTER }).tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
}
