/*
| Routes of the checkout area: the customer's addresses, shipping options, summary and
| place-order (docs/api/checkout.md), and the admin management of shipping methods and tax rates.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ShippingAddressesController = () =>
  import('#controllers/api/checkout/shipping_addresses_controller')
const ShippingMethodsController = () =>
  import('#controllers/api/checkout/shipping_methods_controller')
const AdminShippingMethodsController = () =>
  import('#controllers/api/checkout/admin_shipping_methods_controller')
const AdminTaxRatesController = () => import('#controllers/api/checkout/admin_tax_rates_controller')
const CheckoutController = () => import('#controllers/api/checkout/checkout_controller')

router
  .group(() => {
    router.post('/shipping-address', [ShippingAddressesController, 'store'])
    router.get('/shipping-address', [ShippingAddressesController, 'index'])
    router.put('/shipping-address/:id', [ShippingAddressesController, 'update'])
    router.delete('/shipping-address/:id', [ShippingAddressesController, 'destroy'])
    router.get('/shipping-method', [ShippingMethodsController, 'index'])
    router.post('/summary', [CheckoutController, 'summary'])
    router.post('/place-order', [CheckoutController, 'placeOrder'])
  })
  .prefix('/api/v1/checkout')
  .use(middleware.auth())

router
  .group(() => {
    router.get('/shipping-methods', [AdminShippingMethodsController, 'index'])
    router.post('/shipping-methods', [AdminShippingMethodsController, 'store'])
    router.put('/shipping-methods/:id', [AdminShippingMethodsController, 'update'])
    router.delete('/shipping-methods/:id', [AdminShippingMethodsController, 'destroy'])
    router.get('/tax-rates', [AdminTaxRatesController, 'index'])
    router.post('/tax-rates', [AdminTaxRatesController, 'store'])
    router.put('/tax-rates/:id', [AdminTaxRatesController, 'update'])
    router.delete('/tax-rates/:id', [AdminTaxRatesController, 'destroy'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
