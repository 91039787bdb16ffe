/*
| Processes of the deploy suite: a server started from a replayed stage with exactly the
| environment a test gives it, and commands run to their end (the image's HEALTHCHECK).
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'

/** What this machine's commands need, and nothing of the project's settings: the variables a
 * container would not have either (npm's own, NODE_ENV, PORT, ...) are left out. */
const MACHINE_VARIABLES = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'npm_config_nodedir',
  'npm_config_cache',
  'npm_config_registry',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
]

/** This machine's part of every environment the suite gives a command. */
export function machineEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {}
  for (const name of MACHINE_VARIABLES) {
    const value = process.env[name]
    if (value !== undefined) environment[name] = value
  }
  return environment
}

/** How a process ended. */
export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** A started process and what it printed. */
export interface Started {
  child: ChildProcess
  exited: Promise<Exit>
  hasExited(): boolean
  output(): string
  /** Its JSON log lines. */
  logLines(): Array<Record<string, unknown>>
  /** Sends SIGTERM (or `signal`) and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>
}

/** Starts `program` in `cwd` with exactly `env`. */
export function start(program: string[], cwd: string, env: Record<string, string>): Started {
  const child = spawn(program[0], program.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let ended = false
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = true
      resolve({ code, signal })
    })
  })
  return {
    child,
    exited,
    hasExited: () => ended,
    output: () => output,
    logLines: () =>
      output.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return []
        try {
          return [JSON.parse(line) as Record<string, unknown>]
        } catch {
          return []
        }
      }),
    stop: async (signal = 'SIGTERM') => {
      if (!ended) child.kill(signal)
      return exited
    },
  }
}

/** Runs `program` to its end; resolves with its exit code and output. */
export async function runToEnd(program: string[], cwd: string, env: Record<string, string>) {
  const started = start(program, cwd, env)
  const { code } = await started.exited
  return { code, output: started.output() }
}

/**
 * Asks `check` every 250 ms until it answers true; fails when `server` exits first or after
 * `timeoutMs`, with the server's output.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  server: Started,
  timeoutMs = 90_000
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.hasExited()) throw new Error(`the server exited before ${what}:\n${server.output()}`)
    if (await check().catch(() => false)) return
    await sleep(250)
  }
  throw new Error(`no ${what} within ${timeoutMs / 1000} s:\n${server.output()}`)
}
