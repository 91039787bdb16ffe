import { readdir } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/** Every `*_service.ts` under app/services. */
async function serviceFiles(): Promise<string[]> {
  const entries = await readdir(app.makePath('app/services'), { recursive: true })
  return entries.filter((entry) => entry.endsWith('_service.ts')).sort()
}

test.group('Container', () => {
  test('builds every service class with all of its collaborators', async ({ assert }) => {
    const files = await serviceFiles()
    assert.isAbove(files.length, 20)
    for (const file of files) {
      const module = await import(pathToFileURL(app.makePath('app/services', file)).href)
      const classes = Object.values(module).filter(
        (value): value is new (...args: never[]) => object =>
          typeof value === 'function' && /^class\s/.test(Function.prototype.toString.call(value))
      )
      for (const serviceClass of classes) {
        const service = await app.container.make(serviceClass)
        const name = `${file}: ${serviceClass.name}`
        assert.instanceOf(service, serviceClass, name)
        // Without @inject() the container passes nothing, and a collaborator stays undefined.
        for (const [field, collaborator] of Object.entries(service)) {
          assert.exists(collaborator, `${name}.${field}`)
        }
      }
    }
  })
})
