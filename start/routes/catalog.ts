/*
| Routes of the catalog area: the public catalog, sellers' shops and products, shop moderation.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { catalogSearchThrottle } from '#start/limiter'

const {
  Products,
  Shops,
  Categories,
  Media,
  SellerProductImages,
  SellerProductVariants,
  SellerShops,
  SellerProducts,
  AdminShops,
  AdminCategories,
} = controllers.api.catalog

router
  .group(() => {
    router.get('/products', [Products, 'index']).use(catalogSearchThrottle)
    router.get('/products/:id', [Products, 'show'])
    router.get('/categories', [Categories, 'index'])
    router.get('/shops', [Shops, 'index'])
    router.get('/shops/:id', [Shops, 'show'])
  })
  .prefix('/api/v1')

router
  .group(() => {
    router.get('/shops', [SellerShops, 'index'])
    router.post('/shops', [SellerShops, 'store'])
    router.put('/shops/:id', [SellerShops, 'update'])

    router.get('/products', [SellerProducts, 'index'])
    router.post('/products', [SellerProducts, 'store'])
    router.get('/products/:id', [SellerProducts, 'show'])
    router.put('/products/:id', [SellerProducts, 'update'])
    router.delete('/products/:id', [SellerProducts, 'destroy'])

    router.post('/products/:id/images', [SellerProductImages, 'store'])
    router.put('/products/:id/images', [SellerProductImages, 'reorder'])
    router.delete('/products/:id/images/:imageId', [SellerProductImages, 'destroy'])

    router.post('/products/:id/variants', [SellerProductVariants, 'store'])
    router.put('/products/:id/variants/:variantId', [SellerProductVariants, 'update'])
    router.delete('/products/:id/variants/:variantId', [SellerProductVariants, 'destroy'])
  })
  .prefix('/api/v1/seller')
  .use(middleware.auth())

// Also taken with an API key holding the scope named (docs/api/integrations.md).
router
  .group(() => {
    router.get('/shops', [AdminShops, 'index']).use(middleware.auth({ scope: 'catalog:read' }))
    router
      .put('/shops/:id/approve', [AdminShops, 'approve'])
      .use(middleware.auth({ scope: 'catalog:write' }))
    router
      .put('/shops/:id/suspend', [AdminShops, 'suspend'])
      .use(middleware.auth({ scope: 'catalog:write' }))
  })
  .prefix('/api/v1/admin')

// The category tree is managed by administrators signed in, not by API keys.
router
  .group(() => {
    router.get('/categories', [AdminCategories, 'index'])
    router.post('/categories', [AdminCategories, 'store'])
    router.put('/categories/:id', [AdminCategories, 'update'])
    router.delete('/categories/:id', [AdminCategories, 'destroy'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())

// Product images on the local disk (DRIVE_DISK=fs); an S3 bucket serves its own.
router.get('/media/products/:productId/:file', [Media, 'show'])
