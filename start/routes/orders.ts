/*
| Routes of the orders area: a customer's own orders, the orders of a seller's shops, and every
| order for admins (docs/api/checkout.md, "Orders").
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { Orders, SellerOrders, AdminOrders, Returns, SellerReturns, AdminReturns } =
  controllers.api.orders

router
  .group(() => {
    router.get('/orders', [Orders, 'index'])
    router.get('/orders/:id', [Orders, 'show'])
    router.post('/orders/:id/cancel', [Orders, 'cancel'])
    router.get('/orders/:id/returns', [Returns, 'index'])
    router.post('/orders/:id/returns', [Returns, 'store'])

    router.get('/seller/orders', [SellerOrders, 'index'])
    router.get('/seller/orders/:id', [SellerOrders, 'show'])
    router.put('/seller/orders/:id/status', [SellerOrders, 'updateStatus'])
    router.put('/seller/orders/:id/payment-status', [SellerOrders, 'updatePaymentStatus'])
    router.get('/seller/orders/:id/refunds', [SellerOrders, 'listRefunds'])
    router.post('/seller/orders/:id/refunds', [SellerOrders, 'createRefund'])

    router.get('/seller/returns', [SellerReturns, 'index'])
    router.get('/seller/returns/:id', [SellerReturns, 'show'])
    router.post('/seller/returns/:id/approve', [SellerReturns, 'approve'])
    router.post('/seller/returns/:id/reject', [SellerReturns, 'reject'])
    router.post('/seller/returns/:id/receive', [SellerReturns, 'receive'])
  })
  .prefix('/api/v1')
  .use(middleware.auth())

// Admin routes also take an API key holding the scope named (docs/api/integrations.md).
router
  .group(() => {
    router.get('/orders', [AdminOrders, 'index']).use(middleware.auth({ scope: 'orders:read' }))
    router.get('/orders/:id', [AdminOrders, 'show']).use(middleware.auth({ scope: 'orders:read' }))
    router
      .put('/orders/:id/status', [AdminOrders, 'updateStatus'])
      .use(middleware.auth({ scope: 'orders:write' }))
    router
      .put('/orders/:id/payment-status', [AdminOrders, 'updatePaymentStatus'])
      .use(middleware.auth({ scope: 'orders:write' }))
    router
      .get('/orders/:id/refunds', [AdminOrders, 'listRefunds'])
      .use(middleware.auth({ scope: 'orders:read' }))
    router
      .post('/orders/:id/refunds', [AdminOrders, 'createRefund'])
      .use(middleware.auth({ scope: 'orders:write' }))
    router.get('/returns', [AdminReturns, 'index']).use(middleware.auth({ scope: 'orders:read' }))
    router
      .get('/returns/:id', [AdminReturns, 'show'])
      .use(middleware.auth({ scope: 'orders:read' }))
    for (const step of ['approve', 'reject', 'receive'] as const) {
      router
        .post(`/returns/:id/${step}`, [AdminReturns, step])
        .use(middleware.auth({ scope: 'orders:write' }))
    }
  })
  .prefix('/api/v1/admin')
