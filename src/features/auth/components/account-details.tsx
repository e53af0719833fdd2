import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { SCOPE } from '@contract/misc'
import { ErrorMessage } from '@/components/ui/error-message'
import { meQueries } from '../api/get-me'
import { canCreate } from '../can-create'

const SCOPE_NAME_KEY: Record<string, string> = { [SCOPE.full]: 'full', [SCOPE.readonly]: 'readonly', openid: 'openid', offline_access: 'offline_access' }

/** GET /me as a page: who is signed in, for which customer, with which scopes and contracts. */
export function AccountDetails() {
  const { t } = useTranslation()
  const me = useQuery(meQueries.me())
  if (me.isPending) return <p role="status">{t('auth.me.loading')}</p>
  if (me.isError) return <ErrorMessage error={me.error} onRetry={() => void me.refetch()} />
  const { data } = me
  return (
    <>
      <section aria-labelledby="me-who" className="card">
        <h2 id="me-who">{t('auth.me.person')}</h2>
        <dl className="details">
          <dt>{t('auth.me.person')}</dt>
          <dd>{data.name}</dd>
          {data.email && (
            <>
              <dt>{t('auth.me.email')}</dt>
              <dd>{data.email}</dd>
            </>
          )}
          <dt>{t('auth.me.kind')}</dt>
          <dd>{t(`auth.me.kindName.${data.kind}`)}</dd>
          <dt>{t('auth.me.id')}</dt>
          <dd>
            <code>{data.id}</code>
          </dd>
          <dt>{t('auth.me.customer')}</dt>
          <dd>
            {data.customer.name} (<code>{data.customer.id}</code>)
          </dd>
          <dt>{t('auth.me.clientId')}</dt>
          <dd>
            <code>{data.clientId}</code>
          </dd>
          <dt>{t('auth.me.access')}</dt>
          <dd>{canCreate(data) ? t('auth.account.fullAccess') : t('auth.account.readOnly')}</dd>
        </dl>
      </section>
      <section aria-labelledby="me-scopes" className="card">
        <h2 id="me-scopes">{t('auth.me.scopes')}</h2>
        <ul>
          {data.scopes.map((scope) => (
            <li key={scope}>
              {scope in SCOPE_NAME_KEY ? t(`auth.me.scopeName.${SCOPE_NAME_KEY[scope]}`) : t('auth.me.otherScope')} (<code>{scope}</code>)
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="me-contracts" className="card">
        <h2 id="me-contracts">{t('auth.me.contracts')}</h2>
        {data.contracts.length === 0 ? (
          <p>{t('auth.me.noContracts')}</p>
        ) : (
          <table className="table table--compact" aria-labelledby="me-contracts">
            <thead>
              <tr>
                <th scope="col">{t('auth.me.contractNumber')}</th>
                <th scope="col">{t('auth.me.contractName')}</th>
              </tr>
            </thead>
            <tbody>
              {data.contracts.map((contract) => (
                <tr key={contract.number}>
                  <th scope="row">{contract.number}</th>
                  <td>{contract.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  )
}
