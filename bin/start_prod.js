/*
| `npm run start:prod`: serves the compiled build (`npm run build`) with this checkout's `.env`
| and its `tmp/` database, as `npm start` serves the TypeScript sources: plain JavaScript, no
| loader, no source maps. The build is an application of its own rooted at `build/`, so the
| settings are read here and a relative DB_PATH is resolved against the checkout, not `build/`
| (which every build wipes). Variables already set in the environment win over `.env`.
*/
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const server = resolve(root, 'build/bin/server.js')

if (!existsSync(server)) {
  process.stderr.write(
    'There is no build yet: run `npm run build` first, then `npm run start:prod`.\n'
  )
  process.exit(1)
}

const envFile = resolve(root, '.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const dbPath = process.env.DB_PATH || 'tmp/db.sqlite3'
process.env.DB_PATH = isAbsolute(dbPath) ? dbPath : resolve(root, dbPath)

await import(server)
