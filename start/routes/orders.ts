/*
| Routes of the orders area: a customer's own orders, the orders of a seller's shops, and every
| order for admins (docs/api/checkout.md, "Orders").
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const OrdersController = () => import('#controllers/api/orders/orders_controller')
const SellerOrdersController = () => import('#controllers/api/orders/seller_orders_controller')
const AdminOrdersController = () => import('#controllers/api/orders/admin_orders_controller')

router
  .group(() => {
    router.get('/orders', [OrdersController, 'index'])
    router.get('/orders/:id', [OrdersController, 'show'])
    router.post('/orders/:id/cancel', [OrdersController, 'cancel'])

    router.get('/seller/orders', [SellerOrdersController, 'index'])
    router.get('/seller/orders/:id', [SellerOrdersController, 'show'])
    router.put('/seller/orders/:id/status', [SellerOrdersController, 'updateStatus'])
    router.put('/seller/orders/:id/payment-status', [SellerOrdersController, 'updatePaymentStatus'])

    router.get('/admin/orders', [AdminOrdersController, 'index'])
    router.get('/admin/orders/:id', [AdminOrdersController, 'show'])
    router.put('/admin/orders/:id/status', [AdminOrdersController, 'updateStatus'])
    router.put('/admin/orders/:id/payment-status', [AdminOrdersController, 'updatePaymentStatus'])
  })
  .prefix('/api/v1')
  .use(middleware.auth())
