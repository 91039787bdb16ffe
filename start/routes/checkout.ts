/*
| Routes of the checkout area: the customer's addresses, shipping options, summary and
| place-order (docs/api/checkout.md), and the admin management of shipping methods and tax rates.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { ShippingAddresses, ShippingMethods, AdminShippingMethods, AdminTaxRates, Checkout } =
  controllers.api.checkout

router
  .group(() => {
    router.post('/shipping-address', [ShippingAddresses, 'store'])
    router.get('/shipping-address', [ShippingAddresses, 'index'])
    router.put('/shipping-address/:id', [ShippingAddresses, 'update'])
    router.delete('/shipping-address/:id', [ShippingAddresses, 'destroy'])
    router.get('/shipping-method', [ShippingMethods, 'index'])
    router.post('/summary', [Checkout, 'summary'])
    router.post('/place-order', [Checkout, 'placeOrder'])
  })
  .prefix('/api/v1/checkout')
  .use(middleware.auth())

router
  .group(() => {
    router.get('/shipping-methods', [AdminShippingMethods, 'index'])
    router.post('/shipping-methods', [AdminShippingMethods, 'store'])
    router.put('/shipping-methods/:id', [AdminShippingMethods, 'update'])
    router.delete('/shipping-methods/:id', [AdminShippingMethods, 'destroy'])
    router.get('/tax-rates', [AdminTaxRates, 'index'])
    router.post('/tax-rates', [AdminTaxRates, 'store'])
    router.put('/tax-rates/:id', [AdminTaxRates, 'update'])
    router.delete('/tax-rates/:id', [AdminTaxRates, 'destroy'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
