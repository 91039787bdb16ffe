/*
| Routes of the sellers' money: a seller's balance and ledger, and for admins a shop's commission
| rate, balance, ledger and adjustments (docs/api/ledger.md).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { SellerLedger, AdminLedger } = controllers.api.ledger

router
  .group(() => {
    router.get('/balance', [SellerLedger, 'balance'])
    router.get('/ledger', [SellerLedger, 'index'])
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
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
