/*
| Ace entry point. `node` cannot run TypeScript by itself, so this JavaScript file registers the
| ts-exec loader and hands over to bin/console.ts.
*/
import '@poppinss/ts-exec'

await import('./bin/console.js')
