import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { z } from 'zod/mini'
import type { CloudInstance, CloudProject, CloudRegion } from '@contract/cloud'
import { ErrorMessage } from '@/components/ui/error-message'
import { ApiError, isAccessDenied } from '@/lib/api-error'
import { formatDay, formatNumber as numberIn } from '@/lib/format'
import { currentLanguage } from '@/i18n/i18n'
import { cloudQueries } from '../api/cloud-queries'
import { useReadingProgress } from '../api/reading-progress'
import './cloud-page.css'

/** How many instance rows are drawn at first, and added by "Show more". */
export const ROWS_STEP = 100

const ZSelection = z.object({
  project: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
  region: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
})

/** The chosen project and region live in the address (`?project=1101&region=1`), so a link reproduces the view. */
function useSelection() {
  const [params, setParams] = useSearchParams()
  const selection = ZSelection.parse({ project: params.get('project') ?? undefined, region: params.get('region') ?? undefined })
  const choose = (name: 'project' | 'region', value: string) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        if (value) next.set(name, value)
        else next.delete(name)
        return next
      },
      { replace: true },
    )
  }
  return { ...selection, choose }
}

/** The gateway's answer to a person of another customer than the cloud key's (403 code 50, 0018): it will not change on retry. */
function isOtherCustomer(error: unknown): boolean {
  return error instanceof ApiError && isAccessDenied(error)
}

/** The cloud resources of the customer: regions, then a project's instances in a region, every page read. */
export function CloudPage() {
  const { t } = useTranslation()
  const regions = useQuery(cloudQueries.regions())
  const projects = useQuery(cloudQueries.projects())
  const selection = useSelection()
  const project = projects.data?.results.find((p) => p.id === selection.project)
  const region = regions.data?.results.find((r) => r.id === selection.region)
  const refusal = [regions.error, projects.error].find(isOtherCustomer)

  if (refusal) {
    // One plain explanation for the page, not an error box: having no cloud is a fact about the company, not a fault,
    // and another try gets the same answer (docs/decisions/0034-form-and-wording.md).
    return (
      <>
        <h1>{t('cloud.title')}</h1>
        <section aria-labelledby="cloud-unavailable" className="card">
          <h2 id="cloud-unavailable">{t('cloud.otherCustomer.heading')}</h2>
          <p>{t('cloud.otherCustomer.what')}</p>
          <p>{t('cloud.otherCustomer.todo')}</p>
        </section>
      </>
    )
  }

  return (
    <>
      <h1>{t('cloud.title')}</h1>
      <p className="muted">{t('cloud.intro')}</p>
      <section aria-labelledby="cloud-regions" className="card">
        <h2 id="cloud-regions">{t('cloud.regions.title')}</h2>
        {regions.isError ? (
          <ErrorMessage error={regions.error} onRetry={() => void regions.refetch()} />
        ) : !regions.data ? (
          <p role="status">{t('cloud.regions.loading')}</p>
        ) : regions.data.count === 0 ? (
          <p>{t('cloud.regions.empty')}</p>
        ) : (
          <>
            <p>{t('cloud.regions.count', { count: regions.data.count, formatted: formatNumber(regions.data.count) })}</p>
            <ul className="cloud-regions">
              {regions.data.results.map((r) => (
                <li key={r.id}>{r.display_name}</li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="cloud-instances" className="card">
        <h2 id="cloud-instances">{t('cloud.instances.title')}</h2>
        {projects.isError && <ErrorMessage error={projects.error} onRetry={() => void projects.refetch()} />}
        <div className="cloud-chooser">
          <label>
            {t('cloud.instances.project')}{' '}
            <select value={selection.project ?? ''} onChange={(event) => selection.choose('project', event.target.value)} disabled={!projects.data}>
              <option value="">{projects.data ? t('cloud.instances.chooseProject') : t('cloud.instances.loadingProjects')}</option>
              {projects.data?.results.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('cloud.instances.region')}{' '}
            <select value={selection.region ?? ''} onChange={(event) => selection.choose('region', event.target.value)} disabled={!regions.data}>
              <option value="">{t('cloud.instances.chooseRegion')}</option>
              {regions.data?.results.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.display_name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {project && region ? (
          <Instances key={`${project.id}/${region.id}`} project={project} region={region} />
        ) : (
          projects.data && regions.data && <p>{t('cloud.instances.choose')}</p>
        )}
      </section>
    </>
  )
}

const formatNumber = (value: number) => numberIn(value, currentLanguage())
const formatDate = (iso: string) => formatDay(iso, currentLanguage())

/** A project's instances in a region: every page read, with progress and a way to stop; then a table. */
function Instances({ project, region }: { project: CloudProject; region: CloudRegion }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const options = cloudQueries.instances(project.id, region.id)
  const instances = useQuery(options)
  const progress = useReadingProgress(options.queryKey)
  const names = { project: project.name, region: region.display_name }

  if (instances.isError) return <ErrorMessage error={instances.error} onRetry={() => void instances.refetch()} />
  if (!instances.data) {
    // Stopped by the person: the query is back to idle, with nothing kept (a list is shown whole or not at all).
    if (instances.fetchStatus === 'idle') {
      return (
        <p role="status">
          {t('cloud.instances.stopped')}{' '}
          <button type="button" className="button" onClick={() => void instances.refetch()}>
            {t('cloud.instances.readAgain')}
          </button>
        </p>
      )
    }
    return (
      <div className="cloud-progress">
        <p role="status">
          {progress
            ? t('cloud.instances.reading', { read: formatNumber(progress.read), total: formatNumber(progress.total), ...names })
            : t('cloud.instances.starting', names)}
        </p>
        <progress max={progress?.total || 1} value={progress?.read ?? 0} aria-label={t('cloud.instances.progressLabel')} />{' '}
        <button type="button" className="button" onClick={() => void queryClient.cancelQueries({ queryKey: options.queryKey })}>
          {t('cloud.instances.stop')}
        </button>
      </div>
    )
  }
  if (instances.data.count === 0) return <p>{t('cloud.instances.empty', names)}</p>
  return <InstanceTable instances={instances.data.results} count={instances.data.count} names={names} />
}

function InstanceTable({ instances, count, names }: { instances: CloudInstance[]; count: number; names: { project: string; region: string } }) {
  const { t, i18n } = useTranslation()
  const [shown, setShown] = useState(ROWS_STEP)
  const visible = instances.slice(0, shown)
  const status = (value: string) => (i18n.exists(`cloud.status.${value}`) ? t(`cloud.status.${value}`) : value)
  return (
    <>
      <p className="cloud-count">{t('cloud.instances.count', { count, formatted: formatNumber(count), ...names })}</p>
      {/* Wider than a phone: it scrolls in its own box (which the keyboard can scroll too), the name kept in view. */}
      <div className="table-scroll" role="region" aria-labelledby="cloud-instances-caption" tabIndex={0}>
        <table className="table">
          <caption id="cloud-instances-caption">
            {t('cloud.instances.caption', { shown: formatNumber(visible.length), total: formatNumber(instances.length) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('cloud.columns.name')}</th>
              <th scope="col">{t('cloud.columns.status')}</th>
              <th scope="col">{t('cloud.columns.flavor')}</th>
              <th scope="col">{t('cloud.columns.createdAt')}</th>
              <th scope="col">{t('cloud.columns.id')}</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((instance) => (
              <tr key={instance.id}>
                <td>{instance.name}</td>
                <td>{status(instance.status)}</td>
                <td>
                  <code>{instance.flavor}</code>
                </td>
                <td>
                  <time dateTime={instance.created_at}>{formatDate(instance.created_at)}</time>
                </td>
                <td>
                  <code>{instance.id}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown < instances.length && (
        <p>
          <button type="button" className="button" onClick={() => setShown((n) => n + ROWS_STEP)}>
            {t('cloud.instances.showMore', { count: Math.min(ROWS_STEP, instances.length - shown) })}
          </button>
        </p>
      )}
    </>
  )
}
