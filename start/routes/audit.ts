/*
| Routes of the audit area: the trail of administrative changes, for Super Admins.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ActivityController = () => import('#controllers/api/admin/activity_controller')

router
  .group(() => {
    router.get('/activity', [ActivityController, 'index'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
