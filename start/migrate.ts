/*
| Web server start-up only: apply pending migrations and essential seeds before listening.
*/
import app from '@adonisjs/core/services/app'
import { DatabaseSetupService } from '#services/system/database_setup_service'

// `node ace codegen` assembles the app in warmup mode only to read its routes: nothing runs.
if (app.getMode() === 'run') {
  const databaseSetup = await app.container.make(DatabaseSetupService)
  await databaseSetup.prepare()
}
