import { defineConfig } from '@adonisjs/core/bodyparser'

/**
 * JSON for the API, url-encoded forms for the console; nothing else is accepted as a body. Every
 * body is limited to 1 MiB (413 beyond); nesting is limited by the request body middleware.
 */
export default defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    // A console policy's content may be 100,000 characters, percent-encoded.
    limit: '1mb',
    types: ['application/x-www-form-urlencoded'],
  },
  json: {
    convertEmptyStringsToNull: false,
    // A policy's content may be 100,000 characters of multi-byte text.
    limit: '1mb',
    strict: true,
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
  },
  // Only a product image upload takes multipart: one file of at most 5 MB, plus the envelope.
  multipart: {
    // A seller's upload, and an administrator's from the console's product edit page.
    autoProcess: ['/api/v1/seller/products/:id/images', '/admin/products/:id/images'],
    convertEmptyStringsToNull: true,
    processManually: [],
    limit: '6mb',
    types: ['multipart/form-data'],
  },
})
