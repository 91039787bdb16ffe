/*
| Routes of the cart area (customers only).
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { Cart } = controllers.api.cart

router
  .group(() => {
    router.get('/', [Cart, 'show'])
    router.delete('/', [Cart, 'clear'])
    router.post('/items', [Cart, 'add'])
    router.put('/items/:variantId', [Cart, 'update'])
    router.delete('/items/:variantId', [Cart, 'remove'])
  })
  .prefix('/api/v1/cart')
  .use(middleware.auth())
