/*
| The server under test: a child process started with the benchmark's settings and its SQL probe
| (`benchmarks/sql_probe.js`, passed with `--import`), asked over its IPC channel how many SQL
| statements it has sent, and measured from /proc. On PostgreSQL its connections carry an application name, so the backends serving it can
| be told apart from the benchmark's own.
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import type { SqlStatement } from '../../app/support/sql_round_trips.js'
import { cpuMs } from './proc.js'
import type { PostgresBenchDatabase } from './database.js'
import type { BenchSettings, DatabaseName } from './context.js'

/**
 * How the server is started: through the ts-exec loader (as `npm start`) or compiled (as
 * `npm run start:prod`, which reads this checkout's `.env`).
 */
export type ServerBuild = 'source' | 'compiled'

/** The server's SQL probe, loaded before the application: only the benchmark's server has it. */
const PROBE = `--import=${new URL('../sql_probe.js', import.meta.url).href}`

/** The application name of the server's PostgreSQL connections. */
export const SERVER_APPLICATION_NAME = 'commerce-bench-server'

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The server's environment for one database. */
export function databaseEnv(
  database: DatabaseName,
  settings: BenchSettings
): Record<string, string> {
  if (database === 'sqlite') return { DB_CONNECTION: 'sqlite', DB_PATH: settings.sqlitePath }
  const url = new URL(settings.pgUrl)
  url.searchParams.set('application_name', SERVER_APPLICATION_NAME)
  return { DB_CONNECTION: 'pg', DATABASE_URL: url.toString() }
}

/** A running server with its probe. */
export class BenchServer {
  #child: ChildProcess
  #questions = 0
  #pending = new Map<number, (answer: { count: number; statements?: SqlStatement[] }) => void>()

  private constructor(
    child: ChildProcess,
    readonly port: number
  ) {
    this.#child = child
    child.on('message', (answer: { id: number; count: number; statements?: SqlStatement[] }) => {
      this.#pending.get(answer.id)?.(answer)
      this.#pending.delete(answer.id)
    })
  }

  /** Starts the server with `env` added to the benchmark's environment and waits for /health. */
  static async start(options: {
    port: number
    build: ServerBuild
    env: Record<string, string>
  }): Promise<BenchServer> {
    const entry =
      options.build === 'compiled'
        ? [PROBE, 'bin/start_prod.js']
        : ['--import=@poppinss/ts-exec', PROBE, 'bin/server.ts']
    // BENCH_CPU_PROF_DIR: a V8 CPU profile of the server, written there when it stops.
    const profile = process.env.BENCH_CPU_PROF_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
      : []
    const child = spawn(process.execPath, [...profile, ...entry], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        LOG_LEVEL: 'warn',
        // Simulated clients name their address in X-Forwarded-For, as behind a proxy on this host.
        TRUST_PROXY: 'loopback',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const server = new BenchServer(child, options.port)
    await server.#waitForHealth()
    return server
  }

  get pid(): number {
    return this.#child.pid!
  }

  /** CPU time the server process has used, in milliseconds. */
  cpuMs(): number {
    return cpuMs(this.pid) ?? 0
  }

  /** SQL statements sent since the server started. */
  async roundTrips(): Promise<number> {
    const answer = await this.#ask('count')
    return answer.count
  }

  /** Starts keeping every statement with its bound values. */
  async record(): Promise<void> {
    await this.#ask('record')
  }

  /** The statements kept since `record()`. */
  async recorded(): Promise<SqlStatement[]> {
    const answer = await this.#ask('recorded')
    return answer.statements ?? []
  }

  /** Stops the server and waits for it to exit. */
  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return
    const exited = new Promise((resolve) => this.#child.once('exit', resolve))
    this.#child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    if (this.#child.exitCode === null) this.#child.kill('SIGKILL')
  }

  #ask(probe: 'count' | 'record' | 'recorded') {
    const id = ++this.#questions
    return new Promise<{ count: number; statements?: SqlStatement[] }>((resolve, reject) => {
      this.#pending.set(id, resolve)
      this.#child.send({ probe, id }, (error) => error && reject(error))
    })
  }

  async #waitForHealth() {
    for (let attempt = 0; attempt < 240; attempt++) {
      if (this.#child.exitCode !== null) throw new Error('the server exited during start-up')
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}/health`)
        if (response.ok) return
      } catch {}
      await sleep(250)
    }
    throw new Error('the server did not become healthy within a minute')
  }
}

/**
 * CPU time of the PostgreSQL backends that serve connections named `applicationName`, summed.
 * Backends come and go with the pool, so they are polled while a scenario runs and each one's
 * last reading counts.
 */
export class BackendCpu {
  #baseline = new Map<number, number>()
  #latest = new Map<number, number>()
  #timer?: NodeJS.Timeout

  constructor(
    private database: PostgresBenchDatabase,
    private applicationName: string
  ) {}

  /** Takes the starting readings and polls until `stop()`. */
  async start() {
    this.#latest.clear()
    await this.#poll()
    this.#baseline = new Map(this.#latest)
    this.#timer = setInterval(() => void this.#poll(), 250)
  }

  /** CPU milliseconds the backends used since `start()`. */
  async stop(): Promise<number> {
    clearInterval(this.#timer)
    await this.#poll()
    let total = 0
    for (const [pid, latest] of this.#latest) total += latest - (this.#baseline.get(pid) ?? 0)
    return total
  }

  async #poll() {
    const rows = await this.database.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = ?',
      [this.applicationName]
    )
    for (const { pid } of rows) {
      const used = cpuMs(pid)
      if (used !== undefined) this.#latest.set(pid, used)
    }
  }
}
