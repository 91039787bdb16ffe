import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import {
  changePasswordValidator,
  forgetPasswordValidator,
  loginValidator,
  logoutValidator,
  otpVerificationValidator,
  refreshValidator,
  registerValidator,
  resetPasswordValidator,
} from '#validators/auth'
import { RegistrationService } from '#services/accounts/registration_service'
import { AuthenticationService } from '#services/accounts/authentication_service'
import { PasswordService } from '#services/accounts/password_service'
import { successEnvelope } from '#transformers/envelope'
import { toLoginJson, toRegistrationJson } from '#transformers/user_transformer'

const FORGET_PASSWORD_MESSAGE =
  'If an account exists for this address, a verification code has been sent to it.'

/**
 * The account routes of interface section 4.2. Routes the interface defines with query strings
 * also take the same fields in a JSON body (the preferred form: query strings end up in logs).
 */
@inject()
export default class AuthController {
  constructor(
    protected authentication: AuthenticationService,
    protected registration: RegistrationService,
    protected password: PasswordService
  ) {}

  async register({ request, response }: HttpContext) {
    const input = await request.validateUsing(registerValidator)
    const user = await this.registration.register(input)
    return response.ok(successEnvelope(200, toRegistrationJson(user)))
  }

  async verifyOtp({ request, response }: HttpContext) {
    const { userId, otp } = await otpVerificationValidator.validate(request.all())
    await this.registration.verifyEmail(userId, otp)
    return response.ok(successEnvelope(200, true))
  }

  async login({ request, response }: HttpContext) {
    const input = await request.validateUsing(loginValidator)
    const { user, tokens } = await this.authentication.login(input, request.ip())
    return response.ok(successEnvelope(200, toLoginJson(user, tokens)))
  }

  async refresh({ request, response }: HttpContext) {
    const { refreshToken } = await request.validateUsing(refreshValidator)
    const tokens = await this.authentication.refresh(refreshToken, request.ip())
    return response.ok(successEnvelope(200, tokens))
  }

  async logout({ request, response, auth }: HttpContext) {
    const { refreshToken } = await request.validateUsing(logoutValidator)
    const guard = auth.use('api')
    await this.authentication.logout(guard.getUserOrFail(), guard.sessionId, refreshToken)
    return response.ok(successEnvelope(200, 'Signed out'))
  }

  async forgetPassword({ request, response }: HttpContext) {
    const { email, userType } = await forgetPasswordValidator.validate(request.all())
    await this.password.requestReset(email, userType)
    return response.ok(successEnvelope(200, FORGET_PASSWORD_MESSAGE))
  }

  async resetPassword({ request, response }: HttpContext) {
    const input = await resetPasswordValidator.validate(request.all())
    await this.password.reset(input, request.ip())
    return response.ok(
      successEnvelope(200, 'Your password has been reset; sign in with the new one.')
    )
  }

  async changePassword({ request, response, auth }: HttpContext) {
    const { oldPassword, newPassword } = await changePasswordValidator.validate(request.all())
    await this.password.change(auth.getUserOrFail(), oldPassword, newPassword, request.ip())
    return response.ok(successEnvelope(200, 'Your password has been changed; sign in again.'))
  }
}
