import fs from 'node:fs/promises'
import { dirname } from 'node:path'
import { getHeapStatistics } from 'node:v8'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import { BaseCheck, DiskSpaceCheck, HealthChecks, Result } from '@adonisjs/core/health'
import { DbCheck } from '@adonisjs/lucid/database'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { RedisCheck } from '@adonisjs/redis'
import type { HealthCheckContract, HealthCheckResult } from '@adonisjs/core/types/health'
import env from '#start/env'
import { OutboxService } from '#services/mail/outbox_service'

/** A check that does not answer within this time has failed. */
const CHECK_TIMEOUT_MS = 2_000

/** Due mail waiting longer than this makes the instance degraded: the worker is behind or down. */
const OUTBOX_BACKLOG_WARNING_SECONDS = 5 * 60

/** Used space on the SQLite database's volume from which the disk check warns. */
const DISK_WARNING_PERCENT = 90

/** How one check appears in the readiness report; `message` and `meta` only in the detailed one. */
export interface ReadinessCheck {
  name: string
  status: 'ok' | 'warning' | 'error'
  message?: string
  meta?: Record<string, unknown>
}

/** This process's memory, in bytes: figures for operators, never a reason to refuse traffic. */
export interface MemoryFigures {
  heapUsedBytes: number
  heapTotalBytes: number
  heapLimitBytes: number
  rssBytes: number
}

/** The readiness report: `ok`, `degraded` (serving, with a warning) or `unavailable`. */
export interface Readiness {
  status: 'ok' | 'degraded' | 'unavailable'
  checks: ReadinessCheck[]
  memory?: MemoryFigures
}

/** How a check's failure is reported. */
interface FailurePolicy {
  /** What a failure says when the check's own words cannot be shown. */
  message: string
  /** `warning` for a dependency the service can do without. */
  is?: 'error' | 'warning'
  /**
   * The check is one of this file's: its messages and figures name nothing internal and are
   * shown. A library check's failure may name hosts and addresses, and its figures describe
   * connections: both are left out.
   */
  ownWords?: boolean
}

/**
 * Runs a check under a short public name, within a time limit; a check that throws or does not
 * answer in time has failed with `failure.message`.
 */
class GuardedCheck extends BaseCheck {
  constructor(
    public name: string,
    private inner: HealthCheckContract,
    private failure: FailurePolicy
  ) {
    super()
  }

  async run(): Promise<HealthCheckResult> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CHECK_TIMEOUT_MS)
    })
    const result = await Promise.race([this.inner.run().catch(() => null), timeout]).finally(() =>
      clearTimeout(timer)
    )
    const failedAs = this.failure.is === 'warning' ? Result.warning : Result.failed
    if (!result || (result.status === 'error' && !this.failure.ownWords)) {
      return failedAs(this.failure.message)
    }
    if (!this.failure.ownWords) {
      return result.status === 'ok' ? Result.ok(result.message) : Result.warning(result.message)
    }
    if (result.status !== 'error') return result
    return failedAs(result.message).mergeMetaData(result.meta ?? {})
  }
}

/** Lucid's database check, on the current default connection each time it runs. */
class DatabaseCheck extends BaseCheck {
  name = 'database'

  run(): Promise<HealthCheckResult> {
    return new DbCheck(db.connection()).run()
  }
}

/**
 * Whether every migration of this build is applied to the database: pending ones mean the code
 * would query tables or columns that are not there. Only a yes is remembered, so the question
 * costs nothing once answered; a no is asked again on each call, so an instance that started
 * before its migrations were run becomes ready as soon as they are. (Migrations only arrive
 * with a new build, i.e. a new process; one rolled back by hand while the process runs is not
 * seen until it restarts.)
 */
export class MigrationsCheck extends BaseCheck {
  name = 'migrations'

  #allApplied = false

  async run(): Promise<HealthCheckResult> {
    if (this.#allApplied) return Result.ok('Every migration is applied')
    const pending = await this.#pending()
    if (!pending) return Result.failed('No migration was ever applied; run node ace migration:run')
    if (pending.length > 0) {
      return Result.failed(
        `${pending.length} migration(s) not applied; run node ace migration:run`
      ).mergeMetaData({ pending })
    }
    this.#allApplied = true
    return Result.ok('Every migration is applied')
  }

  /** Forgets a yes, e.g. after a migration was rolled back in this process (tests). */
  forget(): void {
    this.#allApplied = false
  }

  /**
   * Names of this build's migrations the database has not recorded, or null when it records
   * none at all: Lucid's list would then create its bookkeeping table, and a health check
   * writes nothing.
   */
  async #pending(): Promise<string[] | null> {
    const config = db.getRawConnection(db.primaryConnectionName)?.config
    const table = config?.migrations?.tableName ?? 'adonis_schema'
    if (!(await db.connection().schema.hasTable(table))) return null
    const migrations = await new MigrationRunner(db, app, {
      direction: 'up',
      dryRun: true,
    }).getList()
    return migrations
      .filter((migration) => migration.status === 'pending')
      .map((migration) => migration.name)
  }
}

/**
 * Used space on the volume of the SQLite file: a full disk stops every write. It only warns:
 * a SQLite deployment is one instance, and taking it out of the balancer would stop the reads
 * that still work. The volume is measured with `statfs`, a system call cheap enough for every
 * call (the library's default runs `df` in a child process).
 */
class DatabaseVolumeCheck extends BaseCheck {
  name = 'disk'

  #disk: DiskSpaceCheck

  constructor(private folder: string) {
    super()
    // The library's failure level only changes the wording: this check never fails.
    this.#disk = new DiskSpaceCheck()
      .warnWhenExceeds(DISK_WARNING_PERCENT)
      .failWhenExceeds(100)
      .compute(async () => {
        const volume = await fs.statfs(folder)
        return { free: volume.bavail * volume.bsize, size: volume.blocks * volume.bsize }
      })
  }

  async run(): Promise<HealthCheckResult> {
    const result = await this.#disk.run()
    const used = (result.meta?.sizeInPercentage as { used?: number } | undefined)?.used
    const reported =
      result.status === 'ok' ? Result.ok(result.message) : Result.warning(result.message)
    return reported.mergeMetaData({ path: this.folder, usedPercent: used })
  }
}

/** Mail that should have gone out and has not, and mail given up on, make the instance degraded. */
class OutboxBacklogCheck extends BaseCheck {
  name = 'outbox'

  constructor(private outbox: OutboxService) {
    super()
  }

  async run(): Promise<HealthCheckResult> {
    const backlog = await this.outbox.backlog()
    const counted = (count: number) => (count >= backlog.countLimit ? `${count}+` : `${count}`)
    if (backlog.failed > 0) {
      return Result.warning(
        `${counted(backlog.failed)} message(s) failed for good; see node ace outbox:status`
      ).mergeMetaData(backlog)
    }
    if (backlog.oldestDueSeconds > OUTBOX_BACKLOG_WARNING_SECONDS) {
      return Result.warning(
        `${counted(backlog.due)} due message(s), the oldest waiting ${backlog.oldestDueSeconds} s`
      ).mergeMetaData(backlog)
    }
    return Result.ok(`${counted(backlog.due)} due message(s)`).mergeMetaData(backlog)
  }
}

/** The folder of the SQLite file, or undefined on PostgreSQL, whose disk this process cannot see. */
function sqliteFolder(): string | undefined {
  const config = db.getRawConnection(db.primaryConnectionName)?.config
  if (config?.client !== 'better-sqlite3') return undefined
  return dirname((config.connection as { filename: string }).filename)
}

/** The process's migration check, whose remembered yes tests can make it forget. */
export const migrationsCheck = new MigrationsCheck()

function readinessChecks(outbox: OutboxService): HealthCheckContract[] {
  const checks: HealthCheckContract[] = [
    new GuardedCheck('database', new DatabaseCheck(), {
      message: 'the database does not answer',
    }),
  ]
  if (env.get('REDIS_URL')) {
    checks.push(
      new GuardedCheck('redis', new RedisCheck(redis.connection('main')), {
        message: 'Redis does not answer: rate limits are counted per instance',
        is: 'warning',
      })
    )
  }
  checks.push(
    new GuardedCheck('migrations', migrationsCheck, {
      message: 'the applied migrations could not be read',
      ownWords: true,
    })
  )
  const folder = sqliteFolder()
  if (folder) {
    checks.push(
      new GuardedCheck('disk', new DatabaseVolumeCheck(folder), {
        message: 'disk space could not be read',
        is: 'warning',
        ownWords: true,
      })
    )
  }
  checks.push(
    new GuardedCheck('outbox', new OutboxBacklogCheck(outbox), {
      message: 'the outbox could not be read',
      is: 'warning',
      ownWords: true,
    })
  )
  return checks
}

/** This process's memory: what operators watch for leaks, garbage not yet collected included. */
function memoryFigures(): MemoryFigures {
  const usage = process.memoryUsage()
  return {
    heapUsedBytes: usage.heapUsed,
    heapTotalBytes: usage.heapTotal,
    heapLimitBytes: getHeapStatistics().heap_size_limit,
    rssBytes: usage.rss,
  }
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
   * Runs every readiness check. `unavailable` only for what a load balancer must act on: the
   * database does not answer, migrations are pending, or the instance is shutting down.
   * `degraded` when it serves with a warning (Redis away, mail backlog or failed mail, the
   * SQLite disk nearly full). Memory never changes the status. `detailed` adds each check's
   * message and figures, and the process's memory.
   */
  async readiness(options: { detailed: boolean }): Promise<Readiness> {
    registry ??= new HealthChecks().register(readinessChecks(this.outbox))
    const report = await registry.run()
    const checks: ReadinessCheck[] = report.checks.map((check) => ({
      name: check.name,
      status: check.status,
      message: check.message,
      ...(check.meta ? { meta: check.meta } : {}),
    }))
    if (app.isTerminating) {
      checks.push({ name: 'shutdown', status: 'error', message: 'the instance is shutting down' })
    }
    const status =
      !report.isHealthy || app.isTerminating
        ? 'unavailable'
        : report.status === 'warning'
          ? 'degraded'
          : 'ok'
    if (!options.detailed) {
      return { status, checks: checks.map((check) => ({ name: check.name, status: check.status })) }
    }
    return { status, checks, memory: memoryFigures() }
  }
}
