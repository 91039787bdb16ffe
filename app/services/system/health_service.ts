import { fileURLToPath } from 'node:url'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import {
  BaseCheck,
  DiskSpaceCheck,
  HealthChecks,
  MemoryHeapCheck,
  Result,
} from '@adonisjs/core/health'
import { DbCheck } from '@adonisjs/lucid/database'
import { RedisCheck } from '@adonisjs/redis'
import type { HealthCheckContract, HealthCheckResult } from '@adonisjs/core/types/health'
import env from '#start/env'
import { OutboxService } from '#services/mail/outbox_service'

/** A check that does not answer within this time has failed. */
const CHECK_TIMEOUT_MS = 2_000

/** Due mail waiting longer than this makes the instance degraded: the worker is behind or down. */
const OUTBOX_BACKLOG_WARNING_SECONDS = 5 * 60

/** How one check appears in the readiness report. */
export interface ReadinessCheck {
  name: string
  status: 'ok' | 'warning' | 'error'
  message: string
}

/** The readiness report: `ok`, `degraded` (serving, with a warning) or `unavailable`. */
export interface Readiness {
  status: 'ok' | 'degraded' | 'unavailable'
  checks: ReadinessCheck[]
}

/**
 * Runs a library check under a short public name, within a time limit, and words its failures
 * without internals (no host names or addresses); `failureIs: 'warning'` turns a failure of a
 * dependency the service can do without into a warning.
 */
class GuardedCheck extends BaseCheck {
  constructor(
    public name: string,
    private inner: HealthCheckContract,
    private failureMessage: string,
    private failureIs: 'error' | 'warning' = 'error'
  ) {
    super()
    this.cacheDuration = inner.cacheDuration
  }

  async run(): Promise<HealthCheckResult> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<HealthCheckResult>((resolve) => {
      timer = setTimeout(() => resolve(Result.failed('no answer in time')), CHECK_TIMEOUT_MS)
    })
    const result = await Promise.race([
      this.inner.run().catch((error: Error) => Result.failed(error.message)),
      timeout,
    ]).finally(() => clearTimeout(timer))
    if (result.status !== 'error') return result
    return this.failureIs === 'warning'
      ? Result.warning(this.failureMessage)
      : Result.failed(this.failureMessage)
  }
}

/** Lucid's database check, on the current default connection each time it runs. */
class DatabaseCheck extends BaseCheck {
  name = 'database'

  run(): Promise<HealthCheckResult> {
    return new DbCheck(db.connection()).run()
  }
}

/** Mail that should have gone out and has not, and mail given up on, make the instance degraded. */
class OutboxBacklogCheck extends BaseCheck {
  name = 'outbox'

  constructor(private outbox: OutboxService) {
    super()
  }

  async run(): Promise<HealthCheckResult> {
    const status = await this.outbox.status()
    const meta = {
      due: status.due,
      oldestDueSeconds: status.oldestDueSeconds,
      failed: status.failed,
    }
    if (status.failed > 0) {
      return Result.warning(
        `${status.failed} message(s) failed for good; see node ace outbox:status`
      ).mergeMetaData(meta)
    }
    if (status.oldestDueSeconds > OUTBOX_BACKLOG_WARNING_SECONDS) {
      return Result.warning(
        `${status.due} due message(s), the oldest waiting ${status.oldestDueSeconds} s`
      ).mergeMetaData(meta)
    }
    return Result.ok(`${status.due} due message(s)`).mergeMetaData(meta)
  }
}

function readinessChecks(outbox: OutboxService): HealthCheckContract[] {
  const disk = new DiskSpaceCheck().warnWhenExceeds(90).failWhenExceeds(97).cacheFor('30 seconds')
  disk.diskPath = fileURLToPath(app.appRoot)
  const checks: HealthCheckContract[] = [
    new GuardedCheck('database', new DatabaseCheck(), 'the database does not answer'),
    new GuardedCheck('disk', disk, 'disk space could not be read'),
    new GuardedCheck(
      'memory',
      new MemoryHeapCheck().warnWhenExceeds('512 mb').failWhenExceeds('1 gb'),
      'heap usage could not be read'
    ),
    new GuardedCheck(
      'outbox',
      new OutboxBacklogCheck(outbox),
      'the outbox could not be read',
      'warning'
    ),
  ]
  if (env.get('REDIS_URL')) {
    checks.splice(
      1,
      0,
      new GuardedCheck(
        'redis',
        new RedisCheck(redis.connection('main')),
        'Redis does not answer: rate limits are counted per instance',
        'warning'
      )
    )
  }
  return checks
}

let registry: HealthChecks | undefined

/** Reports whether the database answers, and whether this instance is ready for traffic. */
@inject()
export class HealthService {
  constructor(protected outbox: OutboxService) {}

  /** True when a trivial query succeeds on the default connection. */
  async databaseIsUp(): Promise<boolean> {
    try {
      await db.rawQuery('select 1')
      return true
    } catch {
      return false
    }
  }

  /**
   * Runs every readiness check: `unavailable` when a check fails (the database is down, the disk
   * or the heap is past its limit) or the instance is shutting down; `degraded` when it serves
   * with a warning (Redis away, mail backlog, failed mail, disk or heap near its limit).
   */
  async readiness(): Promise<Readiness> {
    registry ??= new HealthChecks().register(readinessChecks(this.outbox))
    const report = await registry.run()
    const checks: ReadinessCheck[] = report.checks.map((check) => ({
      name: check.name,
      status: check.status,
      message: check.message,
    }))
    if (app.isTerminating) {
      checks.push({ name: 'shutdown', status: 'error', message: 'the instance is shutting down' })
      return { status: 'unavailable', checks }
    }
    if (!report.isHealthy) return { status: 'unavailable', checks }
    return { status: report.status === 'warning' ? 'degraded' : 'ok', checks }
  }
}
