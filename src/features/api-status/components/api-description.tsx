import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import type { OpenApiDocument } from '@contract/openapi-document'
import { ErrorMessage } from '@/components/ui/error-message'
import { currentLanguage } from '@/i18n/i18n'
import { formatNumber } from '@/lib/format'
import { apiDocQueries, operationsOf } from '../api/get-api-doc'

/** Saves the document as the API gave it, as a .json file named after its version. */
function download(doc: OpenApiDocument) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(doc, null, 2)}\n`], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `ordering-api-${doc.info.version ?? 'description'}.json`
  link.click()
  // Long enough for the browser to start the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** GET /doc readable in the browser: its operations in a table, the whole JSON on demand, and a download. */
export function ApiDescription() {
  const { t } = useTranslation()
  const doc = useQuery(apiDocQueries.doc())
  return (
    <section aria-labelledby="api-doc-title" className="card">
      <h2 id="api-doc-title">{t('apiStatus.description.title')}</h2>
      {doc.isPending ? (
        <p role="status">{t('apiStatus.description.loading')}</p>
      ) : doc.isError ? (
        <ErrorMessage error={doc.error} onRetry={() => void doc.refetch()} />
      ) : (
        <>
          <p>
            {t('apiStatus.description.summary', {
              title: doc.data.info.title ?? '—',
              openapi: doc.data.openapi ?? doc.data.swagger ?? '—',
              operations: formatNumber(operationsOf(doc.data).length, currentLanguage()),
            })}
          </p>
          <p>
            <button type="button" className="button" onClick={() => download(doc.data)}>
              {t('apiStatus.description.download')}
            </button>
          </p>
          {/* Paths and operation ids are whole words: on a phone the table scrolls in its own box (0033). */}
          <div className="table-scroll" role="region" aria-labelledby="api-operations-caption" tabIndex={0}>
            <table className="table table--compact api-doc__operations">
              <caption id="api-operations-caption">{t('apiStatus.description.operations')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('apiStatus.description.method')}</th>
                  <th scope="col">{t('apiStatus.description.path')}</th>
                  <th scope="col">{t('apiStatus.description.operationSummary')}</th>
                  <th scope="col">{t('apiStatus.description.responses')}</th>
                </tr>
              </thead>
              {/* Methods, paths and operation ids are API data: not for translation. */}
              <tbody translate="no">
                {operationsOf(doc.data).map((operation) => (
                  <tr key={`${operation.method} ${operation.path}`}>
                    <td>
                      <code>{operation.method.toUpperCase()}</code>
                    </td>
                    <th scope="row">
                      <code>{operation.path}</code>
                    </th>
                    <td>{operation.summary ?? operation.operationId}</td>
                    <td>{operation.statuses.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <details className="api-doc__raw">
            <summary>{t('apiStatus.description.raw')}</summary>
            {/* API data, as the API gives it: not for translation (and left out of the French walk). */}
            <pre tabIndex={0} translate="no">
              {JSON.stringify(doc.data, null, 2)}
            </pre>
          </details>
        </>
      )}
    </section>
  )
}
