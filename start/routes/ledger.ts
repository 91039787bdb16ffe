/*
| Routes of the sellers' money: a seller's balance and ledger, and for admins a shop's commission
| rate, balance, ledger and adjustments (docs/api/ledger.md); payouts (docs/api/payouts.md).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { SellerLedger, AdminLedger, SellerPayouts, AdminPayouts } = controllers.api.ledger

router
  .group(() => {
    router.get('/balance', [SellerLedger, 'balance'])
    router.get('/ledger', [SellerLedger, 'index'])
    router.get('/payouts', [SellerPayouts, 'index'])
  })
  .prefix('/api/v1/seller')
  .use(middleware.auth())

router
  .group(() => {
    router.get('/shops/:id/commission', [AdminLedger, 'commission'])
    router.put('/shops/:id/commission', [AdminLedger, 'setCommission'])
    router.get('/shops/:id/balance', [AdminLedger, 'balance'])
    router.get('/shops/:id/ledger', [AdminLedger, 'index'])
    router.post('/shops/:id/ledger/adjustments', [AdminLedger, 'adjust'])
    router.put('/shops/:id/stripe-account', [AdminPayouts, 'setStripeAccount'])
    router.get('/payouts', [AdminPayouts, 'index'])
    router.post('/payouts/run', [AdminPayouts, 'run'])
    router.post('/payouts/:id/paid', [AdminPayouts, 'paid'])
    router.post('/payouts/:id/failed', [AdminPayouts, 'failed'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
