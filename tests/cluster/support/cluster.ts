import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { spawnInstance, type Instance } from '#tests/helpers/instances'
import { TestPostgres } from './postgres.js'
import { TestRedis } from './redis.js'
import { TestSmtp } from './smtp.js'
import { RoundRobinProxy } from './proxy.js'

const LOG_FOLDER = fileURLToPath(new URL('../../../tmp/cluster-logs/', import.meta.url))

/** The bootstrap Super Admin every instance is started with. */
export const ADMIN = { email: 'cluster-admin@example.com', password: 'Cluster-Admin-Pass-2291' }

/** Seconds after which a dead request's idempotency claim is taken over, shortened for the test. */
export const CLAIM_LEASE_SECONDS = 10

/** Tax percent everywhere, so totals have tax in them. */
export const TAX_RATE = '8.25'

/**
 * Three instances of `bin/server.ts` behind a round-robin proxy, sharing one PostgreSQL and one
 * Redis of the test's own, mailing to a test SMTP server; the mail worker runs in instance 0 only.
 */
export class Cluster {
  readonly instances: Instance[] = []
  readonly retired: Instance[] = []
  readonly db: pg.Pool
  #secrets = {
    APP_KEY: randomBytes(32).toString('base64url'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
  }

  private constructor(
    readonly postgres: TestPostgres,
    readonly redis: TestRedis,
    readonly smtp: TestSmtp,
    readonly proxy: RoundRobinProxy,
    private nodeArgs: string[] = []
  ) {
    this.db = new pg.Pool({ connectionString: postgres.url('commerce'), max: 4 })
    // Idle clients see the restart of PostgreSQL as an error; the pool replaces them.
    this.db.on('error', () => {})
  }

  /**
   * Starts the dependencies, `size` instances (the mail worker in the first) and the proxy;
   * `nodeArgs` are given to every instance's Node.js.
   */
  static async start(size = 3, nodeArgs: string[] = []): Promise<Cluster> {
    const [postgres, redis, smtp] = await Promise.all([
      TestPostgres.create(),
      TestRedis.create(),
      TestSmtp.create(),
    ])
    const admin = new pg.Client({ connectionString: postgres.url() })
    await admin.connect()
    await admin.query('create database commerce')
    await admin.end()

    const cluster = new Cluster(postgres, redis, smtp, await RoundRobinProxy.create([]), nodeArgs)
    await Promise.all(
      Array.from({ length: size }, (_, slot) => cluster.startInstance(slot, slot === 0))
    )
    return cluster
  }

  /** The environment of every instance: one database, one Redis, one APP_KEY and JWT_SECRET. */
  env(mailWorker: boolean): Record<string, string> {
    return {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ...this.#secrets,
      DB_CONNECTION: 'pg',
      DATABASE_URL: this.postgres.url('commerce'),
      DB_POOL_MAX: '10',
      REDIS_URL: this.redis.url(0),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(this.smtp.port),
      MAIL_FROM: 'shop@example.com',
      MAIL_WORKER: String(mailWorker),
      TRUST_PROXY: 'loopback',
      SUPER_ADMIN_EMAIL: ADMIN.email,
      SUPER_ADMIN_PASSWORD: ADMIN.password,
      DEFAULT_TAX_RATE: TAX_RATE,
      IDEMPOTENCY_CLAIM_LEASE_SECONDS: String(CLAIM_LEASE_SECONDS),
      SHUTDOWN_TIMEOUT_MS: '15000',
    }
  }

  /** Starts an instance in `slot` (replacing whatever was there) and puts it behind the proxy. */
  async startInstance(slot: number, mailWorker: boolean): Promise<Instance> {
    const previous = this.instances[slot]
    if (previous) this.retired.push(previous)
    const instance = await spawnInstance({
      name: `instance-${slot}${previous ? `-${this.retired.length}` : ''}`,
      env: this.env(mailWorker),
      nodeArgs: this.nodeArgs,
    })
    this.instances[slot] = instance
    await instance.healthy
    this.proxy.upstreams = this.instances.map((running) => running.port)
    return instance
  }

  /** Stops everything the cluster started, keeping each instance's log under tmp/cluster-logs. */
  async stop() {
    await this.proxy.stop()
    await Promise.all(this.instances.map((instance) => instance.stop('SIGTERM')))
    mkdirSync(LOG_FOLDER, { recursive: true })
    for (const instance of [...this.retired, ...this.instances]) {
      writeFileSync(`${LOG_FOLDER}${instance.name}.log`, instance.output())
    }
    await this.db.end().catch(() => {})
    await Promise.all([this.redis.stop(), this.smtp.stop(), this.postgres.destroy()])
  }

  /** One row of a query against the shared database. */
  async one<T = Record<string, any>>(sql: string, values: unknown[] = []): Promise<T> {
    const result = await this.db.query(sql, values)
    return result.rows[0] as T
  }

  /** Every row of a query against the shared database. */
  async all<T = Record<string, any>>(sql: string, values: unknown[] = []): Promise<T[]> {
    const result = await this.db.query(sql, values)
    return result.rows as T[]
  }
}
