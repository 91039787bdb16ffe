import { BasePolicy, allowGuest } from '@adonisjs/bouncer'
import config from '@adonisjs/core/services/config'
import type User from '#models/user'
import { isAdministrator } from '#policies/roles'

/**
 * The readiness report of `GET /health/ready`, which a load balancer reads without a token: its
 * statuses are for everyone, its messages and figures (heap, mail backlog, disk) are not.
 */
export default class HealthPolicy extends BasePolicy {
  /** The report's messages and figures: administrators, or anyone with `HEALTH_DETAILS` on. */
  @allowGuest()
  viewDetails(user: User | null) {
    return config.get<boolean>('health.details', false) || (user !== null && isAdministrator(user))
  }
}
