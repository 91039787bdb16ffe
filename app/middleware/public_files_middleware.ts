import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/**
 * Paths that are always routes, never files of `public/`. Without this, the static middleware
 * asks the disk for every API request (a failed `stat` and an error object each time) before the
 * router runs (docs/performance.md, "Profile").
 */
export function isRoutedOnly(path: string): boolean {
  return path.startsWith('/api/') || path === '/health' || path.startsWith('/health/')
}

/** Serves `public/` (config/static.ts) for every path that may name one of its files. */
@inject()
export default class PublicFilesMiddleware {
  constructor(protected files: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (isRoutedOnly(ctx.request.url())) return next()
    return this.files.handle(ctx, next)
  }
}
