/*
| `npm run start:prod`: serves the compiled build (`npm run build`) with this checkout's `.env`
| and its `tmp/` database and mail folder, as `npm start` serves the TypeScript sources: plain
| JavaScript, no loader, no source maps. The build is an application of its own rooted at
| `build/`, so the settings are read here and a relative DB_PATH or MAIL_FILE_DIR is resolved
| against the checkout, not `build/` (which every build wipes). Variables already set in the
| environment win over `.env`; without a `.env`, the environment alone is used.
|
| It is the production start, so it refuses to serve unless NODE_ENV is production: the quick
| start's `.env` says development, and a production server running as development would, among
| other things, send the console's session cookie without `Secure`.
*/
import { existsSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const server = resolve(root, 'build/bin/server.js')

const nodeEnvFrom = process.env.NODE_ENV === undefined ? '.env' : 'the environment'
const envFile = resolve(root, '.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const refusals = []
if (process.env.NODE_ENV !== 'production') {
  refusals.push(
    `\`npm run start:prod\` runs the service in production, but NODE_ENV is ` +
      `"${process.env.NODE_ENV ?? ''}" (from ${nodeEnvFrom}). Set NODE_ENV=production in .env or ` +
      'in the environment (production also needs SMTP_HOST, or MAIL_TRANSPORT=file: README.md, ' +
      '"Configuration"), or run `npm start` for development.'
  )
}
if (!existsSync(server)) {
  refusals.push('There is no build yet: run `npm run build` first, then `npm run start:prod`.')
}
if (refusals.length > 0) {
  process.stderr.write(`${refusals.join('\n')}\n`)
  process.exit(1)
}

for (const [name, fallback] of [
  ['DB_PATH', 'tmp/db.sqlite3'],
  ['MAIL_FILE_DIR', 'tmp/mail'],
]) {
  const path = process.env[name] || fallback
  process.env[name] = isAbsolute(path) ? path : resolve(root, path)
}

await import(server)
