import { spawn, type ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { connect } from 'node:net'
import { freePort } from '#tests/helpers/instances'

/** A redis-server of the test's own on a free port, without persistence, that it may stop. */
export class TestRedis {
  #child?: ChildProcess

  private constructor(readonly port: number) {}

  /** Starts a server on a free port. */
  static async create(): Promise<TestRedis> {
    const redis = new TestRedis(await freePort())
    await redis.start()
    return redis
  }

  /** The URL of database `db`. */
  url(db = 0) {
    return `redis://127.0.0.1:${this.port}/${db}`
  }

  /** Starts the server (again) on its port and waits until it accepts connections. */
  async start() {
    this.#child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' }
    )
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await this.#accepts()) return
      await sleep(50)
    }
    throw new Error(`redis-server did not start on ${this.port}`)
  }

  /** Stops the server and waits for it to exit. */
  async stop() {
    const child = this.#child
    this.#child = undefined
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }

  #accepts(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1')
      socket.once('connect', () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
  }
}
