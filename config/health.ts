import env from '#start/env'

/**
 * The readiness report (`GET /health/ready`, docs/operations.md): with `details` every caller
 * sees each check's message and figures (heap, mail backlog, disk), e.g. behind a private
 * network; otherwise only administrators do, and anyone else sees the statuses alone.
 */
const healthConfig = {
  details: env.get('HEALTH_DETAILS', false),
}

export default healthConfig
