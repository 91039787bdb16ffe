/*
| Account routes (docs/api/accounts.md), no version prefix, envelope responses.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { authThrottle } from '#start/limiter'

const AuthController = () => import('#controllers/api/accounts/auth_controller')
const UserAdministrationController = () =>
  import('#controllers/api/accounts/user_administration_controller')

router
  .group(() => {
    router.post('/register', [AuthController, 'register']).use(authThrottle)
    router
      .get('/otp-verification', [AuthController, 'verifyOtp'])
      .use([middleware.rejectHead(), authThrottle])
    router
      .post('/otp-verification', [AuthController, 'verifyOtp'])
      .as('auth.verify_otp_body')
      .use(authThrottle)
    router.post('/login', [AuthController, 'login'])
    router.post('/refresh', [AuthController, 'refresh']).use(authThrottle)
    router.post('/logout', [AuthController, 'logout']).use(middleware.auth())
    router
      .get('/forget-password', [AuthController, 'forgetPassword'])
      .use([middleware.rejectHead(), authThrottle])
    router
      .post('/forget-password', [AuthController, 'forgetPassword'])
      .as('auth.forget_password_body')
      .use(authThrottle)
    router
      .get('/reset-password', [AuthController, 'resetPassword'])
      .use([middleware.rejectHead(), authThrottle])
    router
      .post('/reset-password', [AuthController, 'resetPassword'])
      .as('auth.reset_password_body')
      .use(authThrottle)
    router.put('/change-password', [AuthController, 'changePassword']).use(middleware.auth())

    router
      .group(() => {
        router.put('/:userId/change-user-type', [UserAdministrationController, 'changeUserType'])
        router.put('/:userId/deactivate', [UserAdministrationController, 'deactivate'])
        router.put('/:userId/activate', [UserAdministrationController, 'activate'])
      })
      .use(middleware.auth())
  })
  .prefix('/auth')
  .use(middleware.noStore())
