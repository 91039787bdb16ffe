/*
| Data export and erasure (docs/api/privacy.md). The export is an `/api/v1` route with a bare JSON
| answer; the erasure sits beside the other account routes under `/auth`, with the envelope.
| The console's export and erasure are in start/routes/admin.ts, with the user pages.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { DataExport, AccountErasure } = controllers.api.privacy

router
  .get('/api/v1/me/export', [DataExport, 'show'])
  .use([middleware.auth(), middleware.noStore()])
  .as('privacy.export')

router
  .delete('/auth/me', [AccountErasure, 'destroy'])
  .use([middleware.noStore(), middleware.auth()])
  .as('privacy.erase')
