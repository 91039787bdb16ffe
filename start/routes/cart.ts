/*
| Routes of the cart area (customers only).
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const CartController = () => import('#controllers/api/cart/cart_controller')

router
  .group(() => {
    router.get('/', [CartController, 'show'])
    router.delete('/', [CartController, 'clear'])
    router.post('/items', [CartController, 'add'])
    router.put('/items/:productId', [CartController, 'update'])
    router.delete('/items/:productId', [CartController, 'remove'])
  })
  .prefix('/api/v1/cart')
  .use(middleware.auth())
