/*
| Routes of the coupons area.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const AdminCouponsController = () => import('#controllers/api/coupons/admin_coupons_controller')
const CouponsController = () => import('#controllers/api/coupons/coupons_controller')

router
  .group(() => {
    router.post('/', [AdminCouponsController, 'store'])
    router.get('/', [AdminCouponsController, 'index'])
    router.put('/:id', [AdminCouponsController, 'update'])
    router.delete('/:id', [AdminCouponsController, 'destroy'])
  })
  .prefix('/api/v1/admin/coupons')
  .use(middleware.auth())

// Guesses (codes that match no coupon) are limited inside the service, as at checkout.
router.get('/api/v1/coupons/:code', [CouponsController, 'show']).use(middleware.auth())
