/*
| Reads the project's Dockerfile and replays it without Docker: each stage gets a folder of its own
| standing for its file system root, in which its WORKDIR, ENV, COPY and RUN lines are carried out
| in order (COPY from the build context honours .dockerignore; COPY --from copies out of an
| earlier stage's folder; RUN runs in the stage's WORKDIR with its ENV). The base images are not
| fetched: this machine's Node.js 24 stands in for theirs, and the test checks that they are Node.js
| 24 images. What only Docker can carry out (`COPY --chown`, `USER`, `EXPOSE`) is left to
| tests/deploy/recipe.spec.ts, which reads it. Any other instruction stops the replay, so that the
| image cannot depend on a step the test does not run.
*/
import { spawn } from 'node:child_process'
import { cp, mkdir, readFile, rm, stat } from 'node:fs/promises'
import { basename, isAbsolute, join, matchesGlob, posix, relative } from 'node:path'

/** One instruction: its keyword, its `--name=value` flags and the rest of the line. */
export interface Instruction {
  keyword: string
  flags: Record<string, string>
  args: string
  line: number
}

/** A `FROM` and the instructions up to the next one. */
export interface Stage {
  name: string
  image: string
  instructions: Instruction[]
}

/** A command in exec form (`["node", "bin/server.js"]`) or shell form (run by `/bin/sh -c`). */
export type Command = { exec: string[] } | { shell: string }

/** The state of a stage once replayed. */
export interface ReplayedStage {
  name: string
  image: string
  /** The folder standing for the stage's `/`. */
  root: string
  /** The WORKDIR, as a path inside the image. */
  workdir: string
  env: Record<string, string>
  healthcheck?: Command
  command?: Command
}

const SUPPORTED = ['FROM', 'WORKDIR', 'ENV', 'COPY', 'RUN', 'USER', 'EXPOSE', 'HEALTHCHECK', 'CMD']

/** Splits off the leading `--name=value` flags of `text`. */
function takeFlags(text: string) {
  const flags: Record<string, string> = {}
  let rest = text.trim()
  for (;;) {
    const flag = rest.match(/^--([\w-]+)=(\S+)\s*/)
    if (!flag) return { flags, rest }
    flags[flag[1]] = flag[2]
    rest = rest.slice(flag[0].length)
  }
}

/** Parses the Dockerfile's text into stages (comments and line continuations as Docker reads them). */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const start = index + 1
    let logical = lines[index]
    if (/^\s*(#|$)/.test(logical)) continue
    while (logical.trimEnd().endsWith('\\') && index + 1 < lines.length) {
      logical = logical.trimEnd().slice(0, -1)
      index++
      if (!/^\s*#/.test(lines[index])) logical += ` ${lines[index].trim()}`
    }
    const match = logical.trim().match(/^(\w+)\s+(.*)$/)
    if (!match) throw new Error(`Dockerfile line ${start}: cannot read "${logical.trim()}"`)
    const keyword = match[1].toUpperCase()
    if (!SUPPORTED.includes(keyword)) {
      throw new Error(`Dockerfile line ${start}: ${keyword} is not replayed by tests/deploy/`)
    }
    const { flags, rest } = takeFlags(match[2])
    if (keyword === 'FROM') {
      const from = rest.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i)
      if (!from) throw new Error(`Dockerfile line ${start}: cannot read FROM "${rest}"`)
      if (stages.some((stage) => stage.name === from[1])) {
        throw new Error(`Dockerfile line ${start}: a stage built on another is not replayed`)
      }
      stages.push({ name: from[2] ?? `stage-${stages.length}`, image: from[1], instructions: [] })
      continue
    }
    if (stages.length === 0) throw new Error(`Dockerfile line ${start}: ${keyword} before FROM`)
    stages.at(-1)!.instructions.push({ keyword, flags, args: rest, line: start })
  }
  return stages
}

/** Reads a command in exec form (a JSON array) or shell form. */
export function parseCommand(text: string): Command {
  const trimmed = text.trim()
  if (trimmed.startsWith('[')) {
    const parsed: unknown = JSON.parse(trimmed)
    if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
      throw new Error(`not a command in exec form: ${trimmed}`)
    }
    return { exec: parsed }
  }
  return { shell: trimmed }
}

/** The program and arguments that run `command`. */
export function argv(command: Command): string[] {
  return 'exec' in command ? command.exec : ['/bin/sh', '-c', command.shell]
}

/** Reads `ENV a=1 b="two words"` (the `name=value` form only). */
function parseEnv(text: string, line: number): Record<string, string> {
  const values: Record<string, string> = {}
  const pattern = /\s*([A-Za-z_]\w*)=("(?:[^"\\]|\\.)*"|\S*)/y
  let position = 0
  while (position < text.length) {
    pattern.lastIndex = position
    const match = pattern.exec(text)
    if (!match) throw new Error(`Dockerfile line ${line}: ENV must be written name=value`)
    const raw = match[2]
    if (raw.includes('$')) throw new Error(`Dockerfile line ${line}: ENV values are not expanded`)
    values[match[1]] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw
    position = pattern.lastIndex
    while (text[position] === ' ') position++
  }
  return values
}

/** Docker's .dockerignore rules: the last pattern matching a path, or a folder above it, wins. */
async function readDockerignore(context: string) {
  const text = await readFile(join(context, '.dockerignore'), 'utf8').catch(() => '')
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!')
      return { include, pattern: posix.normalize(line.replace(/^!/, '').replace(/^\/+/, '')) }
    })
  return (path: string) => {
    let ignored = false
    for (const { include, pattern } of rules) {
      if (matchesGlob(path, pattern) || matchesGlob(path, `${pattern}/**`)) ignored = !include
    }
    return ignored
  }
}

/** Runs `program` to its end in `cwd`; rejects with the end of its output when it fails. */
function run(program: string[], cwd: string, env: Record<string, string>, label: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(program[0], program.slice(1), {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve(output)
      reject(new Error(`${label} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`))
    })
  })
}

/** Options of a replay. */
export interface ReplayOptions {
  /** The build context: the project's folder. */
  context: string
  /** An empty folder that receives one folder per stage. */
  into: string
  /** What this machine's commands need (PATH with Node.js 24, HOME for npm's cache, ...). */
  machineEnv: Record<string, string>
  /** Told each step as it starts. */
  onStep?: (step: string) => void
}

/** Replays `stages` in order; returns each stage's final state, by name. */
export async function replayDockerfile(stages: Stage[], options: ReplayOptions) {
  const ignored = await readDockerignore(options.context)
  const replayed = new Map<string, ReplayedStage>()
  for (const stage of stages) {
    const state: ReplayedStage = {
      name: stage.name,
      image: stage.image,
      root: join(options.into, stage.name),
      workdir: '/',
      env: {},
    }
    await mkdir(state.root, { recursive: true })
    const inImage = (path: string) => join(state.root, posix.resolve(state.workdir, path))

    for (const { keyword, flags, args, line } of stage.instructions) {
      const written = Object.entries(flags).map(([name, value]) => `--${name}=${value} `)
      options.onStep?.(`${stage.name}: ${keyword} ${written.join('')}${args}`.slice(0, 160))
      switch (keyword) {
        case 'WORKDIR':
          state.workdir = posix.resolve(state.workdir, args.trim())
          await mkdir(inImage('.'), { recursive: true })
          break
        case 'ENV':
          Object.assign(state.env, parseEnv(args, line))
          break
        case 'COPY': {
          const parts = args.trim().split(/\s+/)
          const destination = parts.pop()!
          const from = flags.from ? replayed.get(flags.from) : undefined
          if (flags.from && !from) {
            throw new Error(`Dockerfile line ${line}: no stage ${flags.from}`)
          }
          const intoFolder = destination.endsWith('/') || parts.length > 1
          for (const source of parts) {
            const sourcePath = from
              ? join(from.root, posix.resolve('/', source))
              : join(options.context, source)
            const isFolder = await stat(sourcePath).then((found) => found.isDirectory())
            const target =
              intoFolder && !isFolder
                ? join(inImage(destination), basename(sourcePath))
                : inImage(destination)
            await cp(sourcePath, target, {
              recursive: true,
              verbatimSymlinks: true,
              filter: (path) => from !== undefined || !ignoredInContext(path),
            })
          }
          break
        }
        case 'RUN': {
          const command = parseCommand(args)
          const text = 'exec' in command ? command.exec.join(' ') : command.shell
          if (/(^|[\s=:;&|(])\//.test(text)) {
            throw new Error(
              `Dockerfile line ${line}: RUN names an absolute path, which the replay would ` +
                `reach outside its folder; use a path relative to the WORKDIR`
            )
          }
          await run(
            argv(command),
            inImage('.'),
            { ...options.machineEnv, ...state.env },
            `RUN ${text}`
          )
          break
        }
        case 'USER':
        case 'EXPOSE':
          // Docker's alone (the replay runs as this machine's user): read by recipe.spec.ts.
          break
        case 'HEALTHCHECK': {
          const command = args.match(/^CMD\s+(.*)$/)
          if (!command) throw new Error(`Dockerfile line ${line}: HEALTHCHECK needs CMD`)
          state.healthcheck = parseCommand(command[1])
          break
        }
        case 'CMD':
          state.command = parseCommand(args)
          break
      }
    }
    replayed.set(stage.name, state)
  }
  return replayed

  function ignoredInContext(path: string) {
    const inContext = relative(options.context, path)
    if (inContext === '' || inContext.startsWith('..') || isAbsolute(inContext)) return false
    return ignored(inContext.split('\\').join('/'))
  }
}

/** Removes a replay's folder. */
export function removeReplay(folder: string) {
  return rm(folder, { recursive: true, force: true })
}
