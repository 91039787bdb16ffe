/*
| Runner of the deploy suite (`npm run test:deploy`): Japa on its own, without booting the
| application in this process. The suite replays the Dockerfile in a clean folder (npm ci, the
| build, the production install) and starts what it built, so it takes a couple of minutes.
| Arguments are Japa's (`--tests "..."` runs some of them).
*/
import { assert } from '@japa/assert'
import { configure, processCLIArgs, run } from '@japa/runner'

processCLIArgs(process.argv.splice(2))
configure({
  files: ['tests/deploy/**/*.spec.ts'],
  plugins: [assert()],
  timeout: 120_000,
  forceExit: true,
})

await run()
