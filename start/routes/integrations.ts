/*
| Routes of the integrations area: webhook endpoints and their delivery log, and API keys, for
| administrators (docs/api/integrations.md). None of them takes an API key.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { AdminWebhooks, AdminApiKeys } = controllers.api.integrations

router
  .group(() => {
    router.get('/webhooks', [AdminWebhooks, 'index'])
    router.post('/webhooks', [AdminWebhooks, 'store'])
    router.get('/webhooks/:id', [AdminWebhooks, 'show'])
    router.put('/webhooks/:id', [AdminWebhooks, 'update'])
    router.delete('/webhooks/:id', [AdminWebhooks, 'destroy'])
    router.post('/webhooks/:id/rotate-secret', [AdminWebhooks, 'rotateSecret'])
    router.get('/webhooks/:id/deliveries', [AdminWebhooks, 'deliveries'])
    router.post('/webhooks/deliveries/:id/redeliver', [AdminWebhooks, 'redeliver'])

    router.get('/api-keys', [AdminApiKeys, 'index'])
    router.post('/api-keys', [AdminApiKeys, 'store'])
    router.delete('/api-keys/:id', [AdminApiKeys, 'destroy'])
  })
  .prefix('/api/v1/admin')
  .use(middleware.auth())
