/*
| What a run of the benchmark reports: each scenario's figures, the extras some scenarios add
| (pure modules, ceilings, round trips per step, start-ups), the progress lines printed as it goes
| and the tables printed at the end.
*/
import type { Measurement } from './load.js'

/** The figures of a run, in the order the scenarios produced them. */
export class Report {
  readonly results: Measurement[] = []
  readonly extras: Record<string, unknown> = {}
}

/** A progress line. */
export function log(message: string) {
  process.stdout.write(`[bench] ${message}\n`)
}

/** Prints the scenarios' table and, when the run measured any, the ceilings'; returns both. */
export function printTable(report: Report) {
  const header = [
    'db',
    'scenario',
    'clients',
    'ops',
    'ops/s',
    'p50 ms',
    'p99 ms',
    'server CPU ms/op',
    'db CPU ms/op',
    'round trips/op',
    'bench client CPU ms/op',
  ]
  const rows = report.results.map((result) => [
    result.database === 'postgres' ? 'pg' : 'sqlite',
    result.scenario,
    String(result.clients),
    String(result.operations),
    String(result.throughput),
    result.p50Ms === null ? '' : String(result.p50Ms),
    result.p99Ms === null ? '' : String(result.p99Ms),
    String(result.serverCpuMsPerOp),
    result.databaseCpuMsPerOp === null ? '(in server)' : String(result.databaseCpuMsPerOp),
    String(result.roundTripsPerOp),
    result.clientCpuMsPerOp === undefined ? '' : String(result.clientCpuMsPerOp),
  ])
  const table = (columns: string[], lines: string[][]) =>
    [
      `| ${columns.join(' | ')} |`,
      `|${columns.map(() => '---').join('|')}|`,
      ...lines.map((line) => `| ${line.join(' | ')} |`),
    ].join('\n')
  const ceilings = (report.extras.ceilings ?? []) as Array<Record<string, number | string | null>>
  const markdown = [
    table(header, rows),
    ...(ceilings.length === 0
      ? []
      : [
          table(
            [
              'ceiling of',
              'clients',
              'statements',
              'pgbench tps',
              'ours ops/s',
              'ours ÷ ceiling',
              'ours in its scenario',
              'that ÷ ceiling',
            ],
            ceilings.map((compared) =>
              [
                'scenario',
                'clients',
                'statements',
                'tps',
                'ours',
                'ratio',
                'oursInScenario',
                'ratioToScenario',
              ].map((key) => String(compared[key] ?? ''))
            )
          ),
        ]),
  ].join('\n\n')
  process.stdout.write(`\n${markdown}\n\n`)
  return markdown
}
