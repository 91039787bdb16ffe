/*
| CPU time and memory of processes, read from /proc (Linux): utime + stime of a process, in
| milliseconds, and its resident set size.
*/
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** User + system CPU time of `pid` in milliseconds, or undefined when it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name may hold spaces; the fields after it are positional (utime is field 14).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return undefined
  }
}

/** Resident set size of `pid` in MiB, or undefined when it is gone. */
export function rssMiB(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1])
    return Number.isFinite(kib) ? kib / 1024 : undefined
  } catch {
    return undefined
  }
}

/** The direct children of `pid`. */
export function childrenOf(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
    return children ? children.split(' ').map(Number) : []
  } catch {
    return []
  }
}

/** The command line of `pid`, one entry per argument. */
export function commandOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  } catch {
    return []
  }
}

/** The first Node.js process under `pid` (itself included) running a script `script` matches. */
export function findNodeProcess(pid: number, script: RegExp): number | undefined {
  const [program, ...args] = commandOf(pid)
  if (program?.endsWith('node') && args.some((arg) => script.test(arg))) return pid
  for (const child of childrenOf(pid)) {
    const found = findNodeProcess(child, script)
    if (found) return found
  }
  return undefined
}

/** What the results record about the machine they were measured on. */
export function describeMachine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
  const meminfo = readFileSync('/proc/meminfo', 'utf8')
  const memKib = Number(/^MemTotal:\s+(\d+)/m.exec(meminfo)?.[1])
  return {
    cpuModel: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? 'unknown',
    cores: cpuinfo.split('\n').filter((line) => line.startsWith('processor')).length,
    memoryGiB: Math.round((memKib / 1024 / 1024) * 10) / 10,
    kernel: readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim(),
    node: process.version,
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  }
}
