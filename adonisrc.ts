import { indexEntities } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  experimental: {},

  /** Ace commands of the packages; the app's own are scanned from ./commands. */
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/mail/commands'),
    () => import('@adonisjs/session/commands'),
  ],

  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('#providers/commit_guard_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('#providers/actor_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/cors/cors_provider'),
    () => import('@adonisjs/drive/drive_provider'),
  ],

  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/timezone'),
    { file: () => import('#start/redis'), environment: ['web', 'test'] },
    { file: () => import('#start/migrate'), environment: ['web'] },
    { file: () => import('#start/mail_worker'), environment: ['web'] },
  ],

  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts'], name: 'unit', timeout: 10000 },
      { files: ['tests/functional/**/*.spec.ts'], name: 'functional', timeout: 30000 },
      { files: ['tests/browser/**/*.spec.ts'], name: 'browser', timeout: 60000 },
    ],
    forceExit: false,
  },

  /**
   * Assembler hooks (dev server, test runner, build and `node ace codegen`, which
   * `npm run typecheck` runs first): the controllers barrel `#generated/controllers` the routes
   * import. The route types beside it (`.adonisjs/server/routes.d.ts`) are written on every
   * start outside production and by `node ace codegen`; both files are committed.
   */
  hooks: {
    init: [
      indexEntities({
        controllers: { glob: ['**/*_controller.ts'] },
        events: { enabled: false },
        listeners: { enabled: false },
      }),
    ],
  },

  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    { pattern: 'database/data/**', reloadServer: false },
  ],
})
