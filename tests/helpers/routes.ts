import edge from 'edge.js'
import type { urlFor } from '@adonisjs/core/services/url_builder'

/**
 * The address a console form sending to the named route posts to, as `components/form.edge`
 * writes it with the framework's `formAttributes`: a PUT, PATCH or DELETE route's address carries
 * `?_method=`, as a browser sends it. Pages and redirects are `urlFor(name, params)`.
 */
export function formAction(...[name, params]: Parameters<typeof urlFor>): string {
  return edge.globals.formAttributes(name, params ?? {}).action
}
