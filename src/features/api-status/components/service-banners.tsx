import { useSyncExternalStore } from 'react'
import { onlineManager, useQuery } from '@tanstack/react-query'
import { useNavigation } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { isServiceUnavailable, quotaFreesAt } from '@/lib/api-error'
import { formatDateTime } from '@/lib/format'
import { useSpentQuota } from '@/lib/spent-quota'
import { useCachedError } from '@/lib/use-cached-error'
import { apiStatusQueries } from '../api/get-api-status'

/** How often /status is asked while the service is not OK; otherwise once a minute. */
export const STATUS_POLL_MS = 3_000

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange)
const isOnline = () => onlineManager.isOnline()

/**
 * Page-wide banners: offline (queries pause and resume on reconnect, TanStack's onlineManager), and the
 * service unavailable, from any call answering 503 code 5 or a /status that is not OK. While it is down,
 * /status is polled; when it is back, failed queries run again (service-recovery.ts).
 */
export function ServiceBanners() {
  const { t } = useTranslation()
  // The application's quota for the ordering API, spent until a call succeeds again (docs/decisions/0032-application-quota.md).
  const spentQuota = useSpentQuota()
  const quotaFrees = spentQuota && quotaFreesAt(spentQuota)
  // The gateway's first view (docs/decisions/0026-first-view.md) is of a page that reached it: online.
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true)
  // A page asked for while offline waits for the connection (src/app/lazy-page.ts): the banner says so.
  const navigating = useNavigation().state === 'loading'
  const unavailable = useCachedError(isServiceUnavailable)
  const status = useQuery({
    ...apiStatusQueries.status(),
    refetchInterval: (query) => (unavailable || reportedState(query.state.data?.status) !== 'OK' ? STATUS_POLL_MS : 60_000),
  })
  const state = unavailable ? 'UNAVAILABLE' : reportedState(status.data?.status)
  // Rendered only when there is something to say: a status region that appears with its text is announced.
  return (
    <>
      {!online && (
        <p role="status" className="banner banner--warn">
          {t(navigating ? 'apiStatus.banner.offlineWaiting' : 'apiStatus.banner.offline')}
        </p>
      )}
      {online && state !== 'OK' && (
        <p role="status" className={`banner ${state === 'UNAVAILABLE' ? 'banner--bad' : 'banner--warn'}`}>
          {t(state === 'UNAVAILABLE' ? 'apiStatus.banner.unavailable' : 'apiStatus.banner.degraded')}
        </p>
      )}
      {online && spentQuota && (
        <p role="status" className="banner banner--bad">
          {quotaFrees
            ? t('apiStatus.banner.quotaUntil', { date: formatDateTime(new Date(quotaFrees).toISOString(), currentLanguage()) })
            : t('apiStatus.banner.quotaGradually')}
        </p>
      )}
    </>
  )
}

/**
 * /status's body is "not shown" in the reference (docs/decisions/0028-tolerant-reader.md): only the sandbox's words for
 * trouble raise a banner; a status the console does not know, or none, is read as no news.
 */
function reportedState(status: string | undefined): 'OK' | 'DEGRADED' | 'UNAVAILABLE' {
  return status === 'DEGRADED' || status === 'UNAVAILABLE' ? status : 'OK'
}
