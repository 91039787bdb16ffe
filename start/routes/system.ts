import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'

const { Health, ApiDocs } = controllers.api.system

router.get('/health', [Health, 'show'])
router.get('/health/ready', [Health, 'ready'])
router.get('/openapi.json', [ApiDocs, 'document'])
router.get('/docs', [ApiDocs, 'page'])
router.get('/docs/assets/:file', [ApiDocs, 'asset'])
