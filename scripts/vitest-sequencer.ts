import { readFileSync } from 'node:fs'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order Vitest's workers take the test files in (docs/decisions/0038-test-run-time.md).
 *
 * A worker of a project without isolation runs its next file in the same process only when that file has the same
 * project and environment; otherwise it stops and a new one starts (the environment and every module loaded again).
 * Vitest's own order (larger files first) mixes the page's jsdom and node files: here the files of one project and one
 * environment follow each other. The groups that wait the longest (child processes, timed loads) start first and the
 * page's many small node files come last, so that at the end neither worker waits for the other one's long file.
 */
const LONG_FIRST = ['server/cluster/', 'server/sandbox/crash-durability', 'server/report/', 'server/gateway/throttle', 'src/app/routes/new-request']

const environmentOf = (spec: TestSpecification): string =>
  /@vitest-environment\s+(\S+)/.exec(readFileSync(spec.moduleId, 'utf8').slice(0, 2_000))?.[1] ?? spec.project.config.environment

const rank = (spec: TestSpecification): number => {
  const index = LONG_FIRST.findIndex((part) => spec.moduleId.includes(`/${part}`))
  return index === -1 ? LONG_FIRST.length : index
}

export class GroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order within a group: failed first, then the longest of the last run (its cache), else the largest.
    const known = await super.sort(files)
    const withinGroup = [...known].sort((a, b) => rank(a) - rank(b))
    const groups = new Map<string, TestSpecification[]>()
    for (const spec of withinGroup) {
      const key = `${spec.project.name} ${environmentOf(spec)}`
      groups.set(key, [...(groups.get(key) ?? []), spec])
    }
    const first = (group: TestSpecification[]) => Math.min(...group.map(rank))
    const small = (group: TestSpecification[]) => group.every((spec) => environmentOf(spec) === 'node' && spec.project.name !== 'server')
    return [...groups.values()].sort((a, b) => Number(small(a)) - Number(small(b)) || first(a) - first(b)).flat()
  }
}
