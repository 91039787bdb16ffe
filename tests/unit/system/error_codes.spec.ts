/*
| Every error code the service can answer is required by at least one test. The codes are read from
| `app/exceptions` (the domain errors and the framework errors `describeError` maps); a code counts
| as required when a test passes it to an assertion: an `expect…` helper such as `expectProblem`,
| or an `assert.…` call, possibly inside a structure (`{ '422 INSUFFICIENT_STOCK': 40 }`).
| A code only mentioned elsewhere (a fixture, a comment) does not count.
*/
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

const root = app.makePath()
const THIS_FILE = 'tests/unit/system/error_codes.spec.ts'

function filesUnder(folder: string, suffix: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(folder, name))
}

/** The code of a declared error: a domain error class or an `ErrorDefinition`. */
function codeOf(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^[A-Z][A-Z_]+$/.test(code) ? code : undefined
}

/**
 * Every code declared in app/exceptions, read from what its modules export (domain error classes
 * and the framework-error definitions `describeError` maps), whatever form their source takes.
 */
export async function declaredCodes(): Promise<Set<string>> {
  const codes = new Set<string>()
  for (const file of filesUnder('app/exceptions', '.ts')) {
    const exported: Record<string, unknown> = await import(pathToFileURL(join(root, file)).href)
    for (const value of Object.values(exported)) {
      const members = typeof value === 'object' && value !== null ? Object.values(value) : [value]
      for (const member of members) {
        const code = codeOf(member)
        if (code) codes.add(code)
      }
    }
  }
  return codes
}

/** The callee of each call that encloses `index`, innermost first (`assert.equal`, `expectProblem`). */
function enclosingCallees(source: string, index: number): string[] {
  const callees: string[] = []
  let depth = 0
  for (let position = index - 1; position >= 0 && callees.length < 8; position--) {
    const character = source[position]
    if (character === ')' || character === ']' || character === '}') depth++
    else if (character === '[' || character === '{') depth = Math.max(0, depth - 1)
    else if (character === '(') {
      if (depth > 0) {
        depth--
        continue
      }
      const callee = /([\w.]+)\s*$/.exec(source.slice(Math.max(0, position - 80), position))
      if (callee) callees.push(callee[1])
    } else if (character === ';' && depth === 0) break
  }
  return callees
}

const isAssertion = (callee: string) => /^(expect\w*|assert\.\w+)$/.test(callee)

/** The codes that some test file passes to an assertion, with one place each was asserted. */
export function assertedCodes(codes: Set<string>): Map<string, string> {
  const asserted = new Map<string, string>()
  for (const file of filesUnder('tests', '.spec.ts')) {
    if (file === THIS_FILE) continue
    const source = readFileSync(join(root, file), 'utf8')
    for (const match of source.matchAll(/(['"`])(?:\d{3} )?([A-Z][A-Z_]+)\1/g)) {
      const code = match[2]
      if (!codes.has(code) || asserted.has(code)) continue
      if (enclosingCallees(source, match.index).some(isAssertion)) {
        asserted.set(code, relative(root, join(root, file)))
      }
    }
  }
  return asserted
}

test.group('Error codes', () => {
  test('the codes are read from app/exceptions', async ({ assert }) => {
    const codes = await declaredCodes()
    for (const code of [
      'VALIDATION_FAILED',
      'INSUFFICIENT_STOCK',
      'CANNOT_MANAGE_SELF',
      'CSRF_TOKEN_INVALID',
      'INTERNAL_ERROR',
    ]) {
      assert.isTrue(codes.has(code), code)
    }
    assert.isAbove(codes.size, 50)
  })

  test('only a code passed to an assertion counts as asserted', ({ assert }) => {
    const source = [
      "const fixture = { code: 'A_CODE' }",
      "expectProblem(assert, response, 422, 'B_CODE')",
      "assert.deepEqual(tally(responses), { '201': 1, '409 C_CODE': 2 })",
      "logger.info('D_CODE')",
    ].join('\n')
    const found = ['A_CODE', 'B_CODE', 'C_CODE', 'D_CODE'].filter((code) =>
      enclosingCallees(source, source.indexOf(code)).some(isAssertion)
    )
    assert.deepEqual(found, ['B_CODE', 'C_CODE'])
  })

  test('a declared code that no test asserts is left out of the asserted ones', ({ assert }) => {
    const asserted = assertedCodes(new Set(['VALIDATION_FAILED', 'DECLARED_BUT_UNTESTED']))
    assert.deepEqual([...asserted.keys()], ['VALIDATION_FAILED'])
  })

  test('every code in app/exceptions is required by at least one test', async ({ assert }) => {
    const codes = await declaredCodes()
    const asserted = assertedCodes(codes)
    const never = [...codes].filter((code) => !asserted.has(code)).sort()
    assert.deepEqual(never, [], `codes no test asserts: ${never.join(', ')}`)
  })
})
