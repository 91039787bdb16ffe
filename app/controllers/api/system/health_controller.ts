import type { HttpContext } from '@adonisjs/core/http'
import { HealthService } from '#services/system/health_service'

/** GET /health: 200 `{status: "ok"}` when the database answers, 503 otherwise. */
export default class HealthController {
  async show({ response }: HttpContext) {
    const up = await new HealthService().databaseIsUp()
    response.header('Cache-Control', 'no-store')
    return response.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable' })
  }
}
