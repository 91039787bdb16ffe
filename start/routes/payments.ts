/*
| Routes of the payments area (docs/api/payments.md): a customer's payment of a checkout, the
| admin list, and the provider's webhook (no token; its body is kept raw for the signature).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { Payments, AdminPayments, PaymentWebhooks } = controllers.api.payments

router
  .group(() => {
    router.get('/checkouts/:checkoutId/payment', [Payments, 'show'])
    router.post('/checkouts/:checkoutId/payment/retry', [Payments, 'retry'])
    router.get('/admin/payments', [AdminPayments, 'index'])
  })
  .prefix('/api/v1')
  .use(middleware.auth())

router.post('/api/v1/payments/stripe/webhook', [PaymentWebhooks, 'receive']).as('payments.webhook')
