import type { BaseMail } from '@adonisjs/mail'
import VerificationCodeMail from '#mails/verification_code_mail'
import PasswordResetMail from '#mails/password_reset_mail'
import PasswordChangedMail from '#mails/password_changed_mail'
import OrderConfirmationMail from '#mails/order_confirmation_mail'
import OrderReceivedMail from '#mails/order_received_mail'
import WebhookEndpointDisabledMail from '#mails/webhook_endpoint_disabled_mail'
import PaymentReceivedMail from '#mails/payment_received_mail'
import PaymentRefundedMail from '#mails/payment_refunded_mail'
import RefundIssuedMail from '#mails/refund_issued_mail'
import OrderUpdateMail from '#mails/order_update_mail'
import ReturnUpdateMail from '#mails/return_update_mail'
import PayoutUpdateMail from '#mails/payout_update_mail'
import AccountErasedMail from '#mails/account_erased_mail'

/**
 * Every kind of outbox message and the mail it becomes. The outbox stores the kind and a plain
 * JSON payload; the worker rebuilds the mail from them when it delivers.
 */
export const MAIL_KINDS = {
  verification_code: (payload: any) => new VerificationCodeMail(payload),
  password_reset: (payload: any) => new PasswordResetMail(payload),
  password_changed: (payload: any) => new PasswordChangedMail(payload),
  order_confirmation: (payload: any) => new OrderConfirmationMail(payload),
  new_order: (payload: any) => new OrderReceivedMail(payload),
  webhook_endpoint_disabled: (payload: any) => new WebhookEndpointDisabledMail(payload),
  payment_received: (payload: any) => new PaymentReceivedMail(payload),
  payment_refunded: (payload: any) => new PaymentRefundedMail(payload),
  refund_issued: (payload: any) => new RefundIssuedMail(payload),
  order_update: (payload: any) => new OrderUpdateMail(payload),
  return_update: (payload: any) => new ReturnUpdateMail(payload),
  payout_update: (payload: any) => new PayoutUpdateMail(payload),
  account_erased: (payload: any) => new AccountErasedMail(payload),
} satisfies Record<string, (payload: any) => BaseMail>

export type MailKind = keyof typeof MAIL_KINDS
