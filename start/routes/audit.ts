/*
| Routes of the audit area: the trail of administrative changes, for Super Admins.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { Activity } = controllers.api.admin

router
  .group(() => {
    router.get('/activity', [Activity, 'index'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
