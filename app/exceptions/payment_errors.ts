import { domainErrors } from '#exceptions/domain_error'

/** Refusals of payments (docs/api/payments.md). */
export const {
  PaymentNotFound,
  PaymentProviderUnavailable,
  PaymentMethodUnavailable,
  PaymentNotRetryable,
  PaymentCollectedOnline,
  PaymentRecordedByAdmin,
  PaymentNotCaptured,
  InvalidWebhookSignature,
} = domainErrors({
  /** Unknown checkout, or another customer's (never revealed). */
  PaymentNotFound: [404, 'PAYMENT_NOT_FOUND', 'Payment not found'],
  /** The payment provider failed or did not answer in time; nothing was placed or changed. */
  PaymentProviderUnavailable: [
    503,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment provider is unavailable; nothing was placed. Retry with the same idempotency key',
  ],
  /** The configured provider does not take this payment method. */
  PaymentMethodUnavailable: [
    422,
    'PAYMENT_METHOD_UNAVAILABLE',
    'This payment method is not available; choose another one',
  ],
  /** Only a FAILED payment that has not expired may start again. */
  PaymentNotRetryable: [
    409,
    'PAYMENT_NOT_RETRYABLE',
    'Only a failed payment that has not expired can be retried',
  ],
  /** A card payment collected online is recorded by its capture, never by hand. */
  PaymentCollectedOnline: [
    409,
    'PAYMENT_COLLECTED_ONLINE',
    'This order is paid online by card; its payment is recorded when the provider captures it',
  ],
  /** Only cash on delivery is recorded by the order's seller; other money by an administrator. */
  PaymentRecordedByAdmin: [
    403,
    'PAYMENT_RECORDED_BY_ADMIN',
    'Only an administrator records this payment method; a seller records cash on delivery',
  ],
  /** A card order collected online ships only once its payment is captured. */
  PaymentNotCaptured: [
    409,
    'PAYMENT_NOT_CAPTURED',
    'This order is paid online by card and its payment has not been captured yet; it cannot ship',
  ],
  /** The webhook's signature is missing, forged, stale or not over this body. */
  InvalidWebhookSignature: [400, 'INVALID_WEBHOOK_SIGNATURE', 'The webhook signature is invalid'],
})
