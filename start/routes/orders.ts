/*
| Routes of the orders area: a customer's own orders, the orders of a seller's shops, and every
| order for admins (docs/api/checkout.md, "Orders").
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { Orders, SellerOrders, AdminOrders } = controllers.api.orders

router
  .group(() => {
    router.get('/orders', [Orders, 'index'])
    router.get('/orders/:id', [Orders, 'show'])
    router.post('/orders/:id/cancel', [Orders, 'cancel'])

    router.get('/seller/orders', [SellerOrders, 'index'])
    router.get('/seller/orders/:id', [SellerOrders, 'show'])
    router.put('/seller/orders/:id/status', [SellerOrders, 'updateStatus'])
    router.put('/seller/orders/:id/payment-status', [SellerOrders, 'updatePaymentStatus'])

    router.get('/admin/orders', [AdminOrders, 'index'])
    router.get('/admin/orders/:id', [AdminOrders, 'show'])
    router.put('/admin/orders/:id/status', [AdminOrders, 'updateStatus'])
    router.put('/admin/orders/:id/payment-status', [AdminOrders, 'updatePaymentStatus'])
  })
  .prefix('/api/v1')
  .use(middleware.auth())
