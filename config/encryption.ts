import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/core/encryption'

/** Signs and encrypts cookies with APP_KEY. */
export default defineConfig({
  default: 'app',
  list: {
    app: drivers.aes256gcm({
      id: 'app',
      keys: [env.get('APP_KEY')],
    }),
  },
})
