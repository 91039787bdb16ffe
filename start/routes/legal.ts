/*
| Routes of the legal area: policies and consents. They answer with the envelope, errors too.
*/
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'

const { Policies, PolicyConsents } = controllers.api.legal

router.get('/policy', [Policies, 'index'])
router.get('/policy/detail/:id', [Policies, 'show'])
router.get('/policy/:type', [Policies, 'current'])

router
  .group(() => {
    router.post('/policy', [Policies, 'store'])
    // `GET /policy/:type` has the same shape, so with the global UUID matcher a malformed id
    // would find only that route and answer 405. Any segment is let through instead, and the
    // service answers 404 for an id that is not a UUID, as for an unknown one.
    router.put('/policy/:id', [Policies, 'update']).where('id', /^[^/]+$/)
    router.post('/policy/deactivate/:id', [Policies, 'deactivate'])

    router.post('/policy-consent', [PolicyConsents, 'store'])
    router.get('/policy-consents', [PolicyConsents, 'index'])
    router.get('/policy-consents/:policyType', [PolicyConsents, 'show'])
  })
  .use(middleware.auth())
