/*
| One way to run the real server in tests: `bin/server.ts` as a separate process on a free port,
| with exactly the environment the test gives it (plus PATH and HOME), its output kept.
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** A TCP port nobody listens on right now, chosen by the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** How an instance ended. */
export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** A running server process. */
export interface Instance {
  name: string
  port: number
  url: string
  child: ChildProcess
  /** Resolves once `GET /health` answers 200; rejects when the process exits first. */
  healthy: Promise<void>
  /** Resolves when the process has exited. */
  exited: Promise<Exit>
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** The JSON log lines written so far. */
  logLines(): Array<Record<string, unknown>>
  /** Sends `signal` (SIGTERM by default) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>
}

/** Options of one instance. */
export interface InstanceOptions {
  /** The server's environment (APP_KEY, DB_CONNECTION, ...); PORT and HOST are set here. */
  env: Record<string, string>
  name?: string
  /** Defaults to a free port. */
  port?: number
  /** Longest wait for `/health` (default 60 s). */
  healthTimeoutMs?: number
  /** Extra Node.js options (`--expose-gc`, `--import=...`), before the loader. */
  nodeArgs?: string[]
}

/** Starts `bin/server.ts`; `healthy` tells when it serves. */
export async function spawnInstance(options: InstanceOptions): Promise<Instance> {
  const port = options.port ?? (await freePort())
  const name = options.name ?? `instance-${port}`
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--enable-source-maps',
      '--import=@poppinss/ts-exec',
      'bin/server.ts',
    ],
    {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  let hasExited = false
  void exited.then(() => (hasExited = true))

  const healthy = (async () => {
    const deadline = Date.now() + (options.healthTimeoutMs ?? 60_000)
    while (Date.now() < deadline) {
      if (hasExited) throw new Error(`${name} exited before serving:\n${output}`)
      try {
        const response = await fetch(`${url}/health`)
        if (response.ok) return
      } catch {}
      await sleep(100)
    }
    throw new Error(`${name} did not serve within the time limit:\n${output}`)
  })()
  // Callers that never await `healthy` must not see an unhandled rejection.
  healthy.catch(() => {})

  return {
    name,
    port,
    url,
    child,
    healthy,
    exited,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>]
          } catch {
            return []
          }
        }),
    stop: async (signal = 'SIGTERM') => {
      if (!hasExited) child.kill(signal)
      return exited
    },
  }
}

/** Starts `bin/server.ts` and waits until it serves. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const instance = await spawnInstance(options)
  await instance.healthy
  return instance
}
