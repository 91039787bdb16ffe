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

/** A console controller, imported lazily as every route here does. */
type ConsoleController = () => Promise<{ default: new (...args: any[]) => any }>

/**
 * The pages of a resource edited through forms: its list, the new and edit forms and the posts
 * they make, named `console.<name>[.create|.store|.edit|.update]`.
 */
function formPages(path: string, name: string, controller: ConsoleController) {
  router.get(path, [controller, 'index']).as(`console.${name}`)
  router.get(`${path}/new`, [controller, 'create']).as(`console.${name}.create`)
  router.post(path, [controller, 'store']).as(`console.${name}.store`)
  router.get(`${path}/:id/edit`, [controller, 'edit']).as(`console.${name}.edit`)
  router.post(`${path}/:id`, [controller, 'update']).as(`console.${name}.update`)
}

/**
 * An action asked for on a page of its own: `GET <path>/:id/<segment>` shows the question
 * (`confirm<Action>`), and the form there posts to the same address (`<action>`).
 */
function confirmedAction(
  path: string,
  name: string,
  controller: ConsoleController,
  segment: string,
  action: string
) {
  const confirm = `confirm${action[0].toUpperCase()}${action.slice(1)}`
  router
    .get(`${path}/:id/${segment}`, [controller, confirm])
    .as(`console.${name}.confirm_${action}`)
  router.post(`${path}/:id/${segment}`, [controller, action]).as(`console.${name}.${action}`)
}

/** `POST <path>/:id/activate` and `.../deactivate`, named `console.<name>.activate|deactivate`. */
function activation(path: string, name: string, controller: ConsoleController) {
  for (const action of ['activate', 'deactivate']) {
    router.post(`${path}/:id/${action}`, [controller, action]).as(`console.${name}.${action}`)
  }
}

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
        activation('/users', 'users', UsersController)
        router.post('/users/:id/type', [UsersController, 'changeType']).as('console.users.type')

        formPages('/policies', 'policies', PoliciesController)
        confirmedAction('/policies', 'policies', PoliciesController, 'deactivate', 'deactivate')

        formPages('/coupons', 'coupons', CouponsController)
        confirmedAction('/coupons', 'coupons', CouponsController, 'delete', 'destroy')

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
        formPages('/tax-rates', 'tax_rates', TaxRatesController)
        confirmedAction('/tax-rates', 'tax_rates', TaxRatesController, 'delete', 'destroy')
        formPages('/shipping-methods', 'shipping_methods', ShippingMethodsController)
        activation('/shipping-methods', 'shipping_methods', ShippingMethodsController)
        router.get('/products', [ProductsController, 'index']).as('console.products')
        router
          .get('/products/:id/take-down', [ProductsController, 'confirmTakeDown'])
          .as('console.products.confirm_take_down')
        router
          .post('/products/:id/take-down', [ProductsController, 'takeDown'])
          .as('console.products.take_down')
        router
          .post('/products/:id/restore', [ProductsController, 'restore'])
          .as('console.products.restore')
      })
      .use(middleware.console())
  })
  .prefix('/admin')
  .use([middleware.session(), middleware.shield(), middleware.viewHelpers()])
