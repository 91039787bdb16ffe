/*
| Runner of the cluster suite (`npm run test:cluster`): Japa on its own, without booting the
| application in this process; the tests start real server processes and everything they need.
| Arguments are Japa's (`--tests "..."` runs some of them).
*/
import { assert } from '@japa/assert'
import { configure, processCLIArgs, run } from '@japa/runner'

processCLIArgs(process.argv.splice(2))
configure({
  files: ['tests/cluster/**/*.spec.ts'],
  plugins: [assert()],
  timeout: 300_000,
  forceExit: true,
})

await run()
