/*
| Account routes (docs/api/accounts.md), no version prefix, envelope responses.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const { Auth, UserAdministration } = controllers.api.accounts

router
  .group(() => {
    router.post('/register', [Auth, 'register']).use(authThrottle)
    router
      .get('/otp-verification', [Auth, 'verifyOtp'])
      .use([middleware.rejectHead(), authThrottle])
    router
      .post('/otp-verification', [Auth, 'verifyOtp'])
      .as('auth.verify_otp_body')
      .use(authThrottle)
    router.post('/login', [Auth, 'login'])
    router.post('/refresh', [Auth, 'refresh']).use(authThrottle)
    router.post('/logout', [Auth, 'logout']).use(middleware.auth())
    router.get('/me', [Auth, 'me']).use(middleware.auth())
    router
      .get('/forget-password', [Auth, 'forgetPassword'])
      .use([middleware.rejectHead(), authThrottle])
    router
      .post('/forget-password', [Auth, 'forgetPassword'])
      .as('auth.forget_password_body')
      .use(authThrottle)
    router
      .get('/reset-password', [Auth, 'resetPassword'])
      .use([middleware.rejectHead(), authThrottle])
    router
      .post('/reset-password', [Auth, 'resetPassword'])
      .as('auth.reset_password_body')
      .use(authThrottle)
    router.put('/change-password', [Auth, 'changePassword']).use(middleware.auth())

    router
      .group(() => {
        router.put('/:userId/change-user-type', [UserAdministration, 'changeUserType'])
        router.put('/:userId/deactivate', [UserAdministration, 'deactivate'])
        router.put('/:userId/activate', [UserAdministration, 'activate'])
      })
      .use(middleware.auth())
  })
  .prefix('/auth')
  .use(middleware.noStore())
