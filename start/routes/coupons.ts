/*
| Routes of the coupons area.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { AdminCoupons, Coupons } = controllers.api.coupons

router
  .group(() => {
    router.post('/', [AdminCoupons, 'store'])
    router.get('/', [AdminCoupons, 'index'])
    router.put('/:id', [AdminCoupons, 'update'])
    router.delete('/:id', [AdminCoupons, 'destroy'])
  })
  .prefix('/api/v1/admin/coupons')
  .use(middleware.auth())

// Guesses (codes that match no coupon) are limited inside the service, as at checkout.
router.get('/api/v1/coupons/:code', [Coupons, 'show']).use(middleware.auth())
