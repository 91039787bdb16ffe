/*
| First-run preparation, in plain JavaScript so it runs before anything is compiled or booted:
| creates `.env` from `.env.example` with fresh APP_KEY and JWT_SECRET when it is missing, and fills
| either secret in when an existing `.env` lacks it. Nothing else is ever rewritten.
*/
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'

const nodeMajor = Number(process.versions.node.split('.')[0])
if (nodeMajor < 24) {
  process.stderr.write(
    `This service needs Node.js 24 or newer; this is Node.js ${process.versions.node}.\n` +
      'Install Node.js 24 (https://nodejs.org or your version manager) and run the command again.\n'
  )
  process.exit(1)
}

const root = new URL('../', import.meta.url)
const envFile = new URL('.env', root)
const exampleFile = new URL('.env.example', root)

mkdirSync(new URL('tmp/', root), { recursive: true })

const secret = () => randomBytes(32).toString('base64url')

let contents = existsSync(envFile) ? readFileSync(envFile, 'utf8') : readFileSync(exampleFile, 'utf8')
const before = contents

for (const name of ['APP_KEY', 'JWT_SECRET']) {
  const line = new RegExp(`^${name}=(.*)$`, 'm')
  const match = contents.match(line)
  if (!match) {
    contents = `${contents.trimEnd()}\n${name}=${secret()}\n`
  } else if (match[1].trim() === '') {
    contents = contents.replace(line, `${name}=${secret()}`)
  }
}

if (!existsSync(envFile) || contents !== before) {
  writeFileSync(envFile, contents, { mode: 0o600 })
  process.stdout.write('Wrote .env with freshly generated APP_KEY and JWT_SECRET\n')
}
