import { defineConfig } from '@adonisjs/static'

/** Serves `public/` (the console's stylesheet). */
const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
})

export default staticServerConfig
