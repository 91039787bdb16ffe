/*
| Web server start-up only: apply pending migrations and essential seeds before listening.
*/
import { DatabaseSetupService } from '#services/system/database_setup_service'

await new DatabaseSetupService().prepare()
