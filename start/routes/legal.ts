/*
| Routes of the legal area: policies and consents. They answer with the envelope, errors too.
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const PoliciesController = () => import('#controllers/api/legal/policies_controller')
const PolicyConsentsController = () => import('#controllers/api/legal/policy_consents_controller')

router.get('/policy', [PoliciesController, 'index'])
router.get('/policy/detail/:id', [PoliciesController, 'show'])
router.get('/policy/:type', [PoliciesController, 'current'])

router
  .group(() => {
    router.post('/policy', [PoliciesController, 'store'])
    // `GET /policy/:type` has the same shape, so with the global UUID matcher a malformed id
    // would find only that route and answer 405. Any segment is let through instead, and the
    // service answers 404 for an id that is not a UUID, as for an unknown one.
    router.put('/policy/:id', [PoliciesController, 'update']).where('id', /^[^/]+$/)
    router.post('/policy/deactivate/:id', [PoliciesController, 'deactivate'])

    router.post('/policy-consent', [PolicyConsentsController, 'store'])
    router.get('/policy-consents', [PolicyConsentsController, 'index'])
    router.get('/policy-consents/:policyType', [PolicyConsentsController, 'show'])
  })
  .use(middleware.auth())
