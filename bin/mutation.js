/*
| `npm run test:mutation [-- target ...]`: runs Stryker once per rule module (all of them when no
| target is named), one after another, and fails at the end when any score is below the bar.
| The module list and the test files of each are in stryker.config.mjs; reports go to
| tmp/mutation/<target>.html and .json.
*/
import { spawnSync } from 'node:child_process'
import { targets } from '../stryker.config.mjs'

const requested = process.argv.slice(2)
const unknown = requested.filter((name) => !(name in targets))
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown target(s): ${unknown.join(', ')}; known: ${Object.keys(targets).join(', ')}\n`
  )
  process.exit(2)
}

const belowTheBar = []
for (const name of requested.length > 0 ? requested : Object.keys(targets)) {
  process.stdout.write(`\n=== mutation testing: ${name} ===\n`)
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_TARGET: name },
  })
  if (run.status !== 0) belowTheBar.push(name)
}
if (belowTheBar.length > 0) {
  process.stderr.write(`Below the bar or failed: ${belowTheBar.join(', ')}\n`)
  process.exit(1)
}
