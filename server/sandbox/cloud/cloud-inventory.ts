import type { CloudInstance, CloudProject, CloudRegion } from '@contract/cloud'
import { CLOUD_INSTANCE_STATUSES } from '@contract/cloud'
import { randomGenerator } from '../seed'

/**
 * The sandbox's cloud resources (docs/decisions/0018-cloud-lists.md). Read-only and derived, not stored: the
 * same seed gives the same regions, projects and instances on every machine, and an instance is computed
 * from its position, so a page of 1,000 costs 1,000 small computations and no storage.
 */
export const CLOUD_REGIONS: readonly CloudRegion[] = [
  { id: 1, display_name: 'Paris' },
  { id: 2, display_name: 'Lyon' },
  { id: 3, display_name: 'Madrid' },
  { id: 4, display_name: 'Barcelona' },
  { id: 5, display_name: 'Frankfurt' },
  { id: 6, display_name: 'Amsterdam' },
]

interface SandboxProject extends CloudProject {
  customerId: string
  /** Short name used in instance names. */
  slug: string
}

export const CLOUD_PROJECTS: readonly SandboxProject[] = [
  { id: 1101, name: 'Acme production', customerId: 'C001', slug: 'acme-prod' },
  { id: 1102, name: 'Acme staging', customerId: 'C001', slug: 'acme-stg' },
  { id: 1103, name: 'Acme lab', customerId: 'C001', slug: 'acme-lab' },
  { id: 2201, name: 'Blue Harbor operations', customerId: 'C002', slug: 'bhl-ops' },
  { id: 2202, name: 'Blue Harbor analytics', customerId: 'C002', slug: 'bhl-data' },
  { id: 3301, name: 'Cobalt stores', customerId: 'C003', slug: 'cob-stores' },
]

/**
 * Fixed sizes that exercise paging: 2,500 (three pages), exactly 1,000 (one full page), 1,001 (a page of one
 * after a full one); Acme lab is empty everywhere. Other pairs draw 0–180 from the seed.
 */
const FIXED_COUNTS: Record<string, number> = {
  '1101/1': 2500,
  '1101/2': 1000,
  '1101/3': 1001,
  '1101/4': 42,
  '1101/5': 0,
  '1101/6': 7,
  '1103/1': 0,
  '1103/2': 0,
  '1103/3': 0,
  '1103/4': 0,
  '1103/5': 0,
  '1103/6': 0,
}

const FLAVORS = ['g1-standard-1-2', 'g1-standard-2-4', 'g1-standard-4-8', 'g1-memory-4-32', 'g1-cpu-8-16'] as const
const ROLES = ['web', 'api', 'db', 'cache', 'worker', 'batch'] as const
const REGION_CODES: Record<number, string> = { 1: 'par', 2: 'lys', 3: 'mad', 4: 'bcn', 5: 'fra', 6: 'ams' }
/** Instances are created over the 400 days before this fixed moment: the data never depends on the day it is read. */
const CREATED_BEFORE = Date.parse('2026-11-01T00:00:00.000Z')
const DAY_MS = 86_400_000

export class CloudInventory {
  private readonly counts = new Map<string, number>()

  constructor(private readonly seed: number) {
    const random = randomGenerator(seed ^ 0x5eed_c10d)
    for (const project of CLOUD_PROJECTS) {
      for (const region of CLOUD_REGIONS) {
        const key = `${project.id}/${region.id}`
        this.counts.set(key, FIXED_COUNTS[key] ?? random.int(0, 180))
      }
    }
  }

  regions(): readonly CloudRegion[] {
    return CLOUD_REGIONS
  }

  region(id: number): CloudRegion | undefined {
    return CLOUD_REGIONS.find((region) => region.id === id)
  }

  /** The customer's projects; another customer's project is as unknown as a missing one. */
  projects(customerId: string): CloudProject[] {
    return CLOUD_PROJECTS.filter((project) => project.customerId === customerId).map(({ id, name }) => ({ id, name }))
  }

  project(customerId: string, id: number): SandboxProject | undefined {
    return CLOUD_PROJECTS.find((project) => project.id === id && project.customerId === customerId)
  }

  instanceCount(projectId: number, regionId: number): number {
    return this.counts.get(`${projectId}/${regionId}`) ?? 0
  }

  /** Instances `offset` to `offset + limit - 1` of a project in a region, in creation order. */
  instances(project: SandboxProject, regionId: number, offset: number, limit: number): CloudInstance[] {
    const count = this.instanceCount(project.id, regionId)
    const page: CloudInstance[] = []
    for (let index = offset; index < Math.min(count, offset + limit); index++) page.push(this.instance(project, regionId, index, count))
    return page
  }

  private instance(project: SandboxProject, regionId: number, index: number, count: number): CloudInstance {
    const random = randomGenerator(this.seed ^ Math.imul(project.id, 7919) ^ Math.imul(regionId, 104_729) ^ Math.imul(index + 1, 2_654_435_761))
    const status = random.weighted([
      [CLOUD_INSTANCE_STATUSES[0], 80],
      [CLOUD_INSTANCE_STATUSES[1], 12],
      [CLOUD_INSTANCE_STATUSES[2], 5],
      [CLOUD_INSTANCE_STATUSES[3], 3],
    ])
    // Ordered by creation: the first instance is the oldest.
    const createdAt = CREATED_BEFORE - Math.floor(((count - index) / (count + 1)) * 400 * DAY_MS) + random.int(0, 3_600_000)
    const number = String(index + 1).padStart(4, '0')
    const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0')
    return {
      id: `${hex(project.id * 1000 + regionId)}-${number}-${hex(random.int(0, 0xffffffff))}`,
      name: `${project.slug}-${REGION_CODES[regionId] ?? regionId}-${random.pick(ROLES)}-${number}`,
      status,
      flavor: random.pick(FLAVORS),
      project_id: project.id,
      region_id: regionId,
      created_at: new Date(createdAt).toISOString(),
    }
  }
}
