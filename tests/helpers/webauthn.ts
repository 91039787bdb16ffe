import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'
import consoleSecurity from '#config/console_security'

/** What the console's script posts: @simplewebauthn/browser's JSON of a credential. */
export interface CredentialJSON {
  id: string
  rawId: string
  type: 'public-key'
  response: Record<string, string | string[]>
  clientExtensionResults: Record<string, never>
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | Buffer | string) => createHash('sha256').update(data).digest()

/**
 * A software authenticator for functional tests: one P-256 passkey that answers WebAuthn
 * ceremonies as a browser and an authenticator would (attestation `none`, user present and
 * verified), with its own sign count. The browser suite uses Chromium's virtual authenticator.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16)
  #privateKey: KeyObject
  #publicJwk: { x: string; y: string }
  signCount = 0

  constructor(
    readonly origin = consoleSecurity.webauthn.origin,
    readonly rpId = consoleSecurity.webauthn.rpId
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.#privateKey = privateKey
    this.#publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string }
  }

  get id(): string {
    return b64url(this.credentialId)
  }

  /** The answer to registration options whose challenge is `challenge`. */
  register(challenge: string): CredentialJSON {
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(this.#publicJwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(this.#publicJwk.y, 'base64url'))],
    ])
    const length = Buffer.alloc(2)
    length.writeUInt16BE(this.credentialId.length)
    const authData = Buffer.concat([
      this.#authDataHead(0x45),
      Buffer.alloc(16),
      length,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ])
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: this.#clientData('webauthn.create', challenge),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    }
  }

  /** A signed answer to authentication options whose challenge is `challenge`. */
  authenticate(challenge: string): CredentialJSON {
    this.signCount += 1
    const authData = this.#authDataHead(0x05)
    const clientDataJSON = this.#clientData('webauthn.get', challenge)
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      this.#privateKey
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    }
  }

  #authDataHead(flags: number): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(this.signCount)
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count])
  }

  #clientData(type: string, challenge: string): string {
    return b64url(Buffer.from(JSON.stringify({ type, challenge, origin: this.origin })))
  }
}
