import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The browser half of WebAuthn (@simplewebauthn/browser's own bundle), served from the installed
 * package so it always matches the server half's version; the console's Content-Security-Policy
 * admits scripts of its own origin only.
 */
const bundlePath = join(
  dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')),
  '..',
  'dist',
  'bundle',
  'index.umd.min.js'
)

export default class AssetsController {
  async webauthn({ response }: HttpContext) {
    response.header('Content-Type', 'text/javascript; charset=utf-8')
    response.header('Cache-Control', 'public, max-age=3600')
    return response.download(bundlePath)
  }
}
