import router from '@adonisjs/core/services/router'

const HealthController = () => import('#controllers/api/system/health_controller')
const ApiDocsController = () => import('#controllers/api/system/api_docs_controller')

router.get('/health', [HealthController, 'show'])
router.get('/health/ready', [HealthController, 'ready'])
router.get('/openapi.json', [ApiDocsController, 'document'])
router.get('/docs', [ApiDocsController, 'page'])
router.get('/docs/assets/:file', [ApiDocsController, 'asset'])
