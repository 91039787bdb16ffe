import vine from '@vinejs/vine'

/** A second factor's code as typed: six digits from the app, or a recovery code. */
export const secondFactorCodeValidator = vine.create(
  vine.object({
    code: vine.string().trim().minLength(1).maxLength(32),
  })
)

const passkeyName = () => vine.string().trim().minLength(1).maxLength(100)

/** A passkey's new name. */
export const passkeyNameValidator = vine.create(vine.object({ name: passkeyName() }))

/** base64url text, as WebAuthn's JSON forms carry binary. */
const base64url = (max: number) =>
  vine
    .string()
    .maxLength(max)
    .regex(/^[A-Za-z0-9_-]+$/)

/** What `startRegistration` of @simplewebauthn/browser returns, with the name chosen. */
export const passkeyRegistrationValidator = vine.create(
  vine.object({
    name: passkeyName(),
    credential: vine
      .object({
        id: base64url(1400),
        rawId: base64url(1400),
        type: vine.enum(['public-key'] as const),
        response: vine
          .object({
            clientDataJSON: base64url(4096),
            attestationObject: base64url(65_536),
            transports: vine.array(vine.string().maxLength(32)).maxLength(10).optional(),
          })
          .allowUnknownProperties(),
        clientExtensionResults: vine.object({}).allowUnknownProperties(),
        authenticatorAttachment: vine.string().maxLength(32).optional(),
      })
      .allowUnknownProperties(),
  })
)

/** What `startAuthentication` of @simplewebauthn/browser returns. */
export const passkeyAssertionValidator = vine.create(
  vine.object({
    credential: vine
      .object({
        id: base64url(1400),
        rawId: base64url(1400),
        type: vine.enum(['public-key'] as const),
        response: vine
          .object({
            clientDataJSON: base64url(4096),
            authenticatorData: base64url(4096),
            signature: base64url(8192),
            userHandle: base64url(1024).optional(),
          })
          .allowUnknownProperties(),
        clientExtensionResults: vine.object({}).allowUnknownProperties(),
        authenticatorAttachment: vine.string().maxLength(32).optional(),
      })
      .allowUnknownProperties(),
  })
)
