import { execFile } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '#tests/helpers/instances'

const run = promisify(execFile)

/** Debian's PostgreSQL 15 binaries; PG_BIN overrides. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, so the test may
 * stop and restart it. initdb refuses to run as root: as root, every command runs as `postgres`.
 */
export class TestPostgres {
  private constructor(
    readonly port: number,
    private dataDir: string,
    private folder: string
  ) {}

  /** Creates the cluster and starts it. */
  static async create(): Promise<TestPostgres> {
    const folder = mkdtempSync(join(tmpdir(), 'cluster-pg-'))
    const dataDir = join(folder, 'data')
    const server = new TestPostgres(await freePort(), dataDir, folder)
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres'])
      const { stdout: group } = await run('id', ['-g', 'postgres'])
      chownSync(folder, Number(stdout.trim()), Number(group.trim()))
    }
    await server.#pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8'])
    await server.start()
    return server
  }

  /** A connection URL to `database` on this server. */
  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`
  }

  /** Starts the server and waits until it accepts connections. */
  async start() {
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.folder}`,
      '-c max_connections=200',
      // Test data: durability is not the point, speed is.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ')
    await this.#pg('pg_ctl', [
      'start',
      '-w',
      '-D',
      this.dataDir,
      '-l',
      join(this.folder, 'server.log'),
      '-o',
      options,
    ])
  }

  /** Stops the server the way an operator's restart does: sessions are ended at once. */
  async stop() {
    await this.#pg('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', this.dataDir])
  }

  /** Stops the server for good and removes its files. */
  async destroy() {
    await this.stop().catch(() => {})
    rmSync(this.folder, { recursive: true, force: true })
  }

  async #pg(binary: string, args: string[]) {
    const command = join(PG_BIN, binary)
    if (process.getuid?.() === 0) {
      await run('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: this.folder })
    } else {
      await run(command, args, { cwd: this.folder })
    }
  }
}
