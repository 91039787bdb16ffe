import { Edge } from 'edge.js'
import app from '@adonisjs/core/services/app'
import { Message } from '@adonisjs/mail'

/**
 * The Edge instance the mails render their HTML with. The application's shared instance lists
 * every component folder again on each render (its components plugin is set up before the
 * provider turns caching on, so it stays in its re-scanning mode, production included); the mail
 * views use no component, so a mail gets an instance of its own that scans once and keeps the
 * compiled templates. In development it recompiles, so an edited mail view shows in the next mail.
 */
let mailEdge: Edge | undefined

/**
 * Makes `htmlView` render through the mail instance. Called before each send, after the mail
 * provider has set its own engine at boot; every call after the first changes nothing.
 */
export function useCompiledMailTemplates() {
  if (mailEdge) return
  const edge = new Edge({ cache: !app.inDev })
  edge.mount(app.viewsPath())
  mailEdge = edge
  Message.templateEngine = {
    render(templatePath, sharedData, data) {
      return edge.createRenderer().share(sharedData).render(templatePath, data)
    },
  }
}
