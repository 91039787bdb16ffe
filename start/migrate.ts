/*
| Web server start-up only: apply pending migrations and essential seeds before listening.
*/
import app from '@adonisjs/core/services/app'
import { DatabaseSetupService } from '#services/system/database_setup_service'

const databaseSetup = await app.container.make(DatabaseSetupService)
await databaseSetup.prepare()
