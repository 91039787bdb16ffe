/*
| `startup`: cold start and idle memory of `npm start` and `npm run start:prod`.
*/
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import type { BenchSettings, DatabaseName } from '../lib/context.js'
import { cpuMs, findNodeProcess, rssMiB } from '../lib/proc.js'
import { log, type Report } from '../lib/report.js'
import { databaseEnv, freePort } from '../lib/server.js'

/** One start of `npm <args>`: time to the first 200 from /health, then the server's idle RSS. */
async function startOnce(
  database: DatabaseName,
  settings: BenchSettings,
  args: string[],
  environment: Record<string, string>
) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn('npm', args, {
    env: {
      ...process.env,
      ...environment,
      ...databaseEnv(database, settings),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MAIL_WORKER: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so npm, its shell and the server stop together.
    detached: true,
  })
  let coldStartMs: number | undefined
  for (let attempt = 0; attempt < 3000 && coldStartMs === undefined; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`)
      if (response.status === 200) coldStartMs = performance.now() - started
    } catch {}
    if (coldStartMs === undefined) await sleep(20)
  }
  const serverPid = findNodeProcess(child.pid!, /bin\/(server\.ts|start_prod\.js)$/)
  // CPU to the first answer: steadier than the wall clock on a shared machine.
  const startCpuMs = serverPid ? cpuMs(serverPid) : undefined
  await sleep(5000)
  const rss = serverPid ? rssMiB(serverPid) : undefined
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid!, 'SIGTERM')
  await exited
  return { coldStartMs, startCpuMs, rss }
}

/**
 * Idle memory and cold start (process start to the first 200 from /health) of `npm start` and
 * of `npm run start:prod`, three starts each on the benchmark's (already migrated) database;
 * the medians are kept.
 */
export async function startup(database: DatabaseName, settings: BenchSettings, report: Report) {
  const measurements: Record<string, unknown> = {}
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
  // `start:prod` serves only with NODE_ENV=production, which wants mail settled too.
  const production = { NODE_ENV: 'production', MAIL_TRANSPORT: 'file' }
  for (const [label, args, environment] of [
    ['npm start', ['start'], {}],
    ['npm run start:prod', ['run', 'start:prod'], production],
  ] as const) {
    if (label !== 'npm start' && !existsSync('build/bin/server.js')) {
      log(`startup: no build/ (run npm run build first); ${label} skipped`)
      continue
    }
    const runs = []
    for (let attempt = 0; attempt < 3; attempt++)
      runs.push(await startOnce(database, settings, [...args], environment))
    const starts = runs.flatMap((run) => (run.coldStartMs === undefined ? [] : [run.coldStartMs]))
    const rss = runs.flatMap((run) => (run.rss === undefined ? [] : [run.rss]))
    const cpu = runs.flatMap((run) => (run.startCpuMs === undefined ? [] : [run.startCpuMs]))
    measurements[label] = {
      coldStartMs: starts.length ? Math.round(median(starts)) : null,
      serverCpuToFirstAnswerMs: cpu.length ? Math.round(median(cpu)) : null,
      idleRssMiB: rss.length ? Math.round(median(rss)) : null,
      runs: runs.map((run) => ({
        coldStartMs: run.coldStartMs === undefined ? null : Math.round(run.coldStartMs),
        serverCpuToFirstAnswerMs: run.startCpuMs === undefined ? null : Math.round(run.startCpuMs),
        idleRssMiB: run.rss === undefined ? null : Math.round(run.rss),
      })),
    }
    log(`${database}: ${label}: ${JSON.stringify(measurements[label])}`)
  }
  ;((report.extras.startup ??= {}) as Record<string, unknown>)[database] = measurements
}
