import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { HealthService } from '#services/system/health_service'
import HealthPolicy from '#policies/health_policy'

/** Liveness (`GET /health`) and readiness (`GET /health/ready`) of this instance. */
@inject()
export default class HealthController {
  constructor(protected health: HealthService) {}

  /** 200 `{status: "ok"}` when the database answers, 503 otherwise. */
  async show({ response }: HttpContext) {
    const up = await this.health.databaseIsUp()
    response.header('Cache-Control', 'no-store')
    return response.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable' })
  }

  /**
   * 200 when ready (`ok` or `degraded`), 503 when not; each check's status either way. A load
   * balancer sends no token; an administrator's token (or `HEALTH_DETAILS`) adds the figures.
   */
  async ready({ auth, bouncer, response }: HttpContext) {
    await auth.check()
    const detailed = await bouncer.with(HealthPolicy).allows('viewDetails')
    const readiness = await this.health.readiness({ detailed })
    response.header('Cache-Control', 'no-store')
    return response.status(readiness.status === 'unavailable' ? 503 : 200).send(readiness)
  }
}
