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
import UserTransformer from '#transformers/user_transformer'
import { sendEnvelope } from '#http/envelope'

const FORGET_PASSWORD_MESSAGE =
  'If an account exists for this address, a verification code has been sent to it.'

/**
 * The account routes (docs/api/accounts.md). Routes defined with query strings also take the
 * same fields in a JSON body (the preferred form: query strings end up in logs), which is why
 * they validate `request.all()`.
 */
@inject()
export default class AuthController {
  constructor(
    protected registrations: RegistrationService,
    protected authentication: AuthenticationService,
    protected passwords: PasswordService
  ) {}

  async register({ request, response }: HttpContext) {
    const input = await request.validateUsing(registerValidator)
    const user = await this.registrations.register(input)
    return sendEnvelope(response, UserTransformer.transform(user).useVariant('forRegistration'))
  }

  async verifyOtp({ request, response }: HttpContext) {
    const { userId, otp } = await request.validateUsing(otpVerificationValidator)
    await this.registrations.verifyEmail(userId, otp)
    return sendEnvelope(response, true)
  }

  async login({ caller, request, response }: HttpContext) {
    const input = await request.validateUsing(loginValidator)
    const { user, tokens } = await this.authentication.login(caller, input)
    return sendEnvelope(response, { user: UserTransformer.transform(user), ...tokens })
  }

  async refresh({ caller, request, response }: HttpContext) {
    const { refreshToken } = await request.validateUsing(refreshValidator)
    const tokens = await this.authentication.refresh(caller, refreshToken)
    return sendEnvelope(response, tokens)
  }

  async logout({ actor, request, response, auth }: HttpContext) {
    const { refreshToken } = await request.validateUsing(logoutValidator)
    await this.authentication.logout(actor, auth.use('api').sessionId, refreshToken)
    return sendEnvelope(response, 'Signed out')
  }

  async forgetPassword({ request, response }: HttpContext) {
    const { email, userType } = await request.validateUsing(forgetPasswordValidator)
    await this.passwords.requestReset(email, userType)
    return sendEnvelope(response, FORGET_PASSWORD_MESSAGE)
  }

  async resetPassword({ caller, request, response }: HttpContext) {
    const input = await request.validateUsing(resetPasswordValidator)
    await this.passwords.reset(caller, input)
    return sendEnvelope(response, 'Your password has been reset; sign in with the new one.')
  }

  /** The token's own account. */
  async me({ actor, response }: HttpContext) {
    return sendEnvelope(response, UserTransformer.transform(actor.user).useVariant('forMe'))
  }

  async changePassword({ actor, request, response }: HttpContext) {
    const change = await request.validateUsing(changePasswordValidator)
    await this.passwords.change(actor, change)
    return sendEnvelope(response, 'Your password has been changed; sign in again.')
  }
}
