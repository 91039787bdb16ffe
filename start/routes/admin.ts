/*
| The admin console: server-rendered pages with sessions and CSRF protection (console only).
| Every route is named `console.<area>.<action>`; a resource's pages and forms are
| `router.resource`, its update and destroy reached from HTML forms by method spoofing
| (`?_method=PUT|DELETE`, confined to the console: app/middleware/method_spoofing_middleware.ts).
| Actions beyond a resource's own (approve, deactivate, take down) are POST routes of their own,
| and those asked on a page of their own first have a GET route named `confirm_<action>`.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const {
  Session,
  Dashboard,
  Users,
  Policies,
  Coupons,
  Shops,
  ShopLedger,
  Payouts,
  Orders,
  Payments,
  Returns,
  Activity,
  TaxRates,
  Categories,
  ShippingMethods,
  Products,
  ProductVariants,
  ProductImages,
  Search,
  Webhooks,
  ApiKeys,
  SecondFactor,
  Security,
  Assets,
  Privacy,
} = controllers.admin

router
  .group(() => {
    router.get('/login', [Session, 'create']).as('login')
    router.post('/login', [Session, 'store']).as('login.store')
    // The second step of a sign-in, before any session is signed in (docs/api/console.md).
    router.get('/login/verify', [SecondFactor, 'show']).as('login.verify')
    router.post('/login/verify', [SecondFactor, 'store']).as('login.verify.store')
    router
      .post('/login/passkey/options', [SecondFactor, 'passkeyOptions'])
      .as('login.passkey.options')
    router.post('/login/passkey', [SecondFactor, 'passkey']).as('login.passkey')
    router.get('/assets/webauthn.js', [Assets, 'webauthn']).as('assets.webauthn')

    router
      .group(() => {
        router.post('/logout', [Session, 'destroy']).as('logout')
        router.get('/', [Dashboard, 'show']).as('dashboard')
        router.get('/search', [Search, 'index']).as('search.index')

        router.resource('users', Users).only(['index', 'show'])
        router.post('/users/:id/activate', [Users, 'activate']).as('users.activate')
        router
          .get('/users/:id/deactivate', [Users, 'confirmDeactivate'])
          .as('users.confirm_deactivate')
        router.post('/users/:id/deactivate', [Users, 'deactivate']).as('users.deactivate')
        router.post('/users/:id/type', [Users, 'changeType']).as('users.type')
        router.get('/users/:id/export', [Privacy, 'export']).as('users.export')
        router.get('/users/:id/erase', [Privacy, 'confirmErase']).as('users.confirm_erase')
        router.post('/users/:id/erase', [Privacy, 'erase']).as('users.erase')

        router.resource('policies', Policies).except(['show', 'destroy'])
        router
          .get('/policies/:id/deactivate', [Policies, 'confirmDeactivate'])
          .as('policies.confirm_deactivate')
        router.post('/policies/:id/deactivate', [Policies, 'deactivate']).as('policies.deactivate')
        router
          .get('/policies/consents/export', [Policies, 'exportConsents'])
          .as('policies.export_consents')

        router.resource('coupons', Coupons).except(['show'])
        router.get('/coupons/:id/delete', [Coupons, 'confirmDestroy']).as('coupons.confirm_destroy')

        router.resource('shops', Shops).only(['index', 'show'])
        router.post('/shops/:id/approve', [Shops, 'approve']).as('shops.approve')
        router.get('/shops/:id/suspend', [Shops, 'confirmSuspend']).as('shops.confirm_suspend')
        router.post('/shops/:id/suspend', [Shops, 'suspend']).as('shops.suspend')
        router.get('/shops/:id/ledger', [ShopLedger, 'show']).as('shops.ledger')
        router.post('/shops/:id/commission', [ShopLedger, 'setCommission']).as('shops.commission')
        router.post('/shops/:id/adjustments', [ShopLedger, 'adjust']).as('shops.adjust')
        router
          .post('/shops/:id/stripe-account', [Payouts, 'setStripeAccount'])
          .as('shops.stripe_account')
        router.get('/payouts/export', [Payouts, 'export']).as('payouts.export')
        router.get('/payouts/run', [Payouts, 'confirmRun']).as('payouts.confirm_run')
        router.post('/payouts/run', [Payouts, 'run']).as('payouts.run')
        router.resource('payouts', Payouts).only(['index'])
        router.post('/payouts/:id/paid', [Payouts, 'paid']).as('payouts.paid')
        router.post('/payouts/:id/failed', [Payouts, 'failed']).as('payouts.failed')

        router.resource('orders', Orders).only(['index', 'show'])
        router.get('/orders/export', [Orders, 'export']).as('orders.export')
        router.get('/orders/:id/cancel', [Orders, 'confirmCancel']).as('orders.confirm_cancel')
        router.get('/orders/:id/refund', [Orders, 'confirmRefund']).as('orders.confirm_refund')
        router.post('/orders/:id/refunds', [Orders, 'refund']).as('orders.refund')
        router.resource('payments', Payments).only(['index'])
        router.resource('returns', Returns).only(['index', 'show'])
        router.post('/returns/:id/approve', [Returns, 'approve']).as('returns.approve')
        router.post('/returns/:id/reject', [Returns, 'reject']).as('returns.reject')
        router.post('/returns/:id/receive', [Returns, 'receive']).as('returns.receive')
        router.post('/orders/:id/status', [Orders, 'updateStatus']).as('orders.status')
        router
          .post('/orders/:id/payment-status', [Orders, 'updatePaymentStatus'])
          .as('orders.payment_status')

        router.resource('activity', Activity).only(['index'])

        router.resource('categories', Categories).except(['show'])
        router
          .get('/categories/:id/delete', [Categories, 'confirmDestroy'])
          .as('categories.confirm_destroy')

        router.resource('tax-rates', TaxRates).except(['show'])
        router
          .get('/tax-rates/:id/delete', [TaxRates, 'confirmDestroy'])
          .as('tax_rates.confirm_destroy')

        router.resource('shipping-methods', ShippingMethods).except(['show', 'destroy'])
        router
          .post('/shipping-methods/:id/activate', [ShippingMethods, 'activate'])
          .as('shipping_methods.activate')
        router
          .post('/shipping-methods/:id/deactivate', [ShippingMethods, 'deactivate'])
          .as('shipping_methods.deactivate')

        router.resource('products', Products).only(['index', 'show', 'edit', 'update'])
        router
          .get('/products/:id/take-down', [Products, 'confirmTakeDown'])
          .as('products.confirm_take_down')
        router.post('/products/:id/take-down', [Products, 'takeDown']).as('products.take_down')
        router.post('/products/:id/restore', [Products, 'restore']).as('products.restore')
        router
          .post('/products/:id/variants', [ProductVariants, 'store'])
          .as('products.variants.store')
        router
          .put('/products/:id/variants/:variantId', [ProductVariants, 'update'])
          .as('products.variants.update')
        router
          .get('/products/:id/variants/:variantId/delete', [ProductVariants, 'confirmDestroy'])
          .as('products.variants.confirm_destroy')
        router
          .delete('/products/:id/variants/:variantId', [ProductVariants, 'destroy'])
          .as('products.variants.destroy')
        // Multipart, parsed for this route alone (config/bodyparser.ts).
        router.post('/products/:id/images', [ProductImages, 'store']).as('products.images.store')
        router.put('/products/:id/images', [ProductImages, 'reorder']).as('products.images.reorder')
        router
          .get('/products/:id/images/:imageId/delete', [ProductImages, 'confirmDestroy'])
          .as('products.images.confirm_destroy')
        router
          .delete('/products/:id/images/:imageId', [ProductImages, 'destroy'])
          .as('products.images.destroy')

        router.resource('webhooks', Webhooks).only(['index', 'create', 'store', 'show'])
        router.post('/webhooks/:id/enable', [Webhooks, 'enable']).as('webhooks.enable')
        router.post('/webhooks/:id/disable', [Webhooks, 'disable']).as('webhooks.disable')
        router
          .post('/webhooks/:id/rotate-secret', [Webhooks, 'rotateSecret'])
          .as('webhooks.rotate_secret')
        router
          .post('/webhooks/deliveries/:id/redeliver', [Webhooks, 'redeliver'])
          .as('webhooks.redeliver')

        router.resource('api-keys', ApiKeys).only(['index', 'store'])
        router.post('/api-keys/:id/revoke', [ApiKeys, 'revoke']).as('api_keys.revoke')

        // The administrator's own second factors (docs/api/console.md, "Second factors").
        router.get('/security', [Security, 'show']).as('security.show')
        router.get('/security/totp/create', [Security, 'createTotp']).as('security.totp.create')
        router.post('/security/totp', [Security, 'storeTotp']).as('security.totp.store')
        router
          .get('/security/totp/delete', [Security, 'confirmDestroyTotp'])
          .as('security.totp.confirm_destroy')
        router.delete('/security/totp', [Security, 'destroyTotp']).as('security.totp.destroy')
        router
          .get('/security/recovery-codes', [Security, 'showRecoveryCodes'])
          .as('security.recovery_codes.show')
        router
          .post('/security/recovery-codes', [Security, 'renewRecoveryCodes'])
          .as('security.recovery_codes.store')
        router
          .post('/security/passkeys/options', [Security, 'passkeyOptions'])
          .as('security.passkeys.options')
        router.post('/security/passkeys', [Security, 'storePasskey']).as('security.passkeys.store')
        router
          .put('/security/passkeys/:id', [Security, 'updatePasskey'])
          .as('security.passkeys.update')
        router
          .get('/security/passkeys/:id/delete', [Security, 'confirmDestroyPasskey'])
          .as('security.passkeys.confirm_destroy')
        router
          .delete('/security/passkeys/:id', [Security, 'destroyPasskey'])
          .as('security.passkeys.destroy')
      })
      .use(middleware.console())
  })
  .prefix('/admin')
  .as('console')
  .use([middleware.session(), middleware.shield(), middleware.viewHelpers()])
