/*
| Routes of the catalog area: the public catalog, sellers' shops and products, shop moderation.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { catalogSearchThrottle } from '#start/limiter'

const ProductsController = () => import('#controllers/api/catalog/products_controller')
const SellerShopsController = () => import('#controllers/api/catalog/seller_shops_controller')
const SellerProductsController = () => import('#controllers/api/catalog/seller_products_controller')
const AdminShopsController = () => import('#controllers/api/catalog/admin_shops_controller')

router
  .group(() => {
    router.get('/products', [ProductsController, 'index']).use(catalogSearchThrottle)
    router.get('/products/:id', [ProductsController, 'show'])
  })
  .prefix('/api/v1')

router
  .group(() => {
    router.get('/shops', [SellerShopsController, 'index'])
    router.post('/shops', [SellerShopsController, 'store'])
    router.put('/shops/:id', [SellerShopsController, 'update'])

    router.get('/products', [SellerProductsController, 'index'])
    router.post('/products', [SellerProductsController, 'store'])
    router.get('/products/:id', [SellerProductsController, 'show'])
    router.put('/products/:id', [SellerProductsController, 'update'])
    router.delete('/products/:id', [SellerProductsController, 'destroy'])
  })
  .prefix('/api/v1/seller')
  .use(middleware.auth())

router
  .group(() => {
    router.get('/shops', [AdminShopsController, 'index'])
    router.put('/shops/:id/approve', [AdminShopsController, 'approve'])
    router.put('/shops/:id/suspend', [AdminShopsController, 'suspend'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
