/*
| Ace commands entry point (`node ace ...`).
*/
import 'reflect-metadata'
import { reportInvalidSettings, reportStartFailure } from '../app/support/start_failure.js'
import { ignitor } from './ignitor.js'

ignitor()
  .ace()
  .configure(async (app) => {
    // A command that needs the application boots it inside the kernel, whose error handler would
    // print invalid settings with a stack trace; they are reported like the server's instead.
    const kernel = await app.container.make('ace')
    const framework = kernel.errorHandler
    kernel.errorHandler = {
      render: async (error, ace) => reportInvalidSettings(error) || framework.render(error, ace),
    }
  })
  .handle(process.argv.splice(2))
  .catch(reportStartFailure)
