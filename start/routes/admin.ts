/*
| The admin console: server-rendered pages with sessions and CSRF protection (console only).
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SessionController = () => import('#controllers/admin/session_controller')
const DashboardController = () => import('#controllers/admin/dashboard_controller')
const UsersController = () => import('#controllers/admin/users_controller')
const PoliciesController = () => import('#controllers/admin/policies_controller')
const CouponsController = () => import('#controllers/admin/coupons_controller')
const ShopsController = () => import('#controllers/admin/shops_controller')
const OrdersController = () => import('#controllers/admin/orders_controller')
const ActivityController = () => import('#controllers/admin/activity_controller')
const TaxRatesController = () => import('#controllers/admin/tax_rates_controller')
const ShippingMethodsController = () => import('#controllers/admin/shipping_methods_controller')
const ProductsController = () => import('#controllers/admin/products_controller')

router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('console.login')
    router.post('/login', [SessionController, 'store']).as('console.login.store')

    router
      .group(() => {
        router.post('/logout', [SessionController, 'destroy']).as('console.logout')
        router.get('/', [DashboardController, 'show']).as('console.dashboard')

        router.get('/users', [UsersController, 'index']).as('console.users')
        router.get('/users/:id', [UsersController, 'show']).as('console.users.show')
        router
          .post('/users/:id/activate', [UsersController, 'activate'])
          .as('console.users.activate')
        router
          .post('/users/:id/deactivate', [UsersController, 'deactivate'])
          .as('console.users.deactivate')
        router.post('/users/:id/type', [UsersController, 'changeType']).as('console.users.type')

        router.get('/policies', [PoliciesController, 'index']).as('console.policies')
        router.get('/policies/new', [PoliciesController, 'create']).as('console.policies.create')
        router.post('/policies', [PoliciesController, 'store']).as('console.policies.store')
        router.get('/policies/:id/edit', [PoliciesController, 'edit']).as('console.policies.edit')
        router.post('/policies/:id', [PoliciesController, 'update']).as('console.policies.update')
        router
          .get('/policies/:id/deactivate', [PoliciesController, 'confirmDeactivate'])
          .as('console.policies.confirm_deactivate')
        router
          .post('/policies/:id/deactivate', [PoliciesController, 'deactivate'])
          .as('console.policies.deactivate')

        router.get('/coupons', [CouponsController, 'index']).as('console.coupons')
        router.get('/coupons/new', [CouponsController, 'create']).as('console.coupons.create')
        router.post('/coupons', [CouponsController, 'store']).as('console.coupons.store')
        router.get('/coupons/:id/edit', [CouponsController, 'edit']).as('console.coupons.edit')
        router.post('/coupons/:id', [CouponsController, 'update']).as('console.coupons.update')
        router
          .get('/coupons/:id/delete', [CouponsController, 'confirmDestroy'])
          .as('console.coupons.confirm_destroy')
        router
          .post('/coupons/:id/delete', [CouponsController, 'destroy'])
          .as('console.coupons.destroy')

        router.get('/shops', [ShopsController, 'index']).as('console.shops')
        router.post('/shops/:id/approve', [ShopsController, 'approve']).as('console.shops.approve')
        router.post('/shops/:id/suspend', [ShopsController, 'suspend']).as('console.shops.suspend')

        router.get('/orders', [OrdersController, 'index']).as('console.orders')
        router.get('/orders/:id', [OrdersController, 'show']).as('console.orders.show')
        router
          .get('/orders/:id/cancel', [OrdersController, 'confirmCancel'])
          .as('console.orders.confirm_cancel')
        router
          .post('/orders/:id/status', [OrdersController, 'updateStatus'])
          .as('console.orders.status')
        router
          .post('/orders/:id/payment-status', [OrdersController, 'updatePaymentStatus'])
          .as('console.orders.payment_status')

        router.get('/activity', [ActivityController, 'index']).as('console.activity')
        router.get('/orders/export', [OrdersController, 'export']).as('console.orders.export')
        router
          .get('/policies/consents/export', [PoliciesController, 'exportConsents'])
          .as('console.policies.export_consents')
        router.get('/tax-rates', [TaxRatesController, 'index']).as('console.tax_rates')
        router.get('/tax-rates/new', [TaxRatesController, 'create']).as('console.tax_rates.create')
        router.post('/tax-rates', [TaxRatesController, 'store']).as('console.tax_rates.store')
        router.get('/tax-rates/:id/edit', [TaxRatesController, 'edit']).as('console.tax_rates.edit')
        router.post('/tax-rates/:id', [TaxRatesController, 'update']).as('console.tax_rates.update')
        router
          .get('/tax-rates/:id/delete', [TaxRatesController, 'confirmDestroy'])
          .as('console.tax_rates.confirm_destroy')
        router
          .post('/tax-rates/:id/delete', [TaxRatesController, 'destroy'])
          .as('console.tax_rates.destroy')
        router
          .get('/shipping-methods', [ShippingMethodsController, 'index'])
          .as('console.shipping_methods')
        router
          .get('/shipping-methods/new', [ShippingMethodsController, 'create'])
          .as('console.shipping_methods.create')
        router
          .post('/shipping-methods', [ShippingMethodsController, 'store'])
          .as('console.shipping_methods.store')
        router
          .get('/shipping-methods/:id/edit', [ShippingMethodsController, 'edit'])
          .as('console.shipping_methods.edit')
        router
          .post('/shipping-methods/:id', [ShippingMethodsController, 'update'])
          .as('console.shipping_methods.update')
        router
          .post('/shipping-methods/:id/deactivate', [ShippingMethodsController, 'deactivate'])
          .as('console.shipping_methods.deactivate')
        router
          .post('/shipping-methods/:id/activate', [ShippingMethodsController, 'activate'])
          .as('console.shipping_methods.activate')
        router.get('/products', [ProductsController, 'index']).as('console.products')
        router
          .post('/products/:id/deactivate', [ProductsController, 'deactivate'])
          .as('console.products.deactivate')
        router
          .post('/products/:id/activate', [ProductsController, 'activate'])
          .as('console.products.activate')
      })
      .use(middleware.console())
  })
  .prefix('/admin')
  .use([middleware.session(), middleware.shield(), middleware.viewHelpers()])
