import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '@/i18n/use-translation'
import { SCOPE } from '@contract/misc'
import { ErrorMessage } from '@/components/ui/error-message'
import { OtherFields } from '@/components/ui/other-fields'
import { meQueries } from '../api/get-me'
import { canCreate } from '../can-create'

const SCOPE_NAME_KEY: Record<string, string> = { [SCOPE.full]: 'full', [SCOPE.readonly]: 'readonly', openid: 'openid', offline_access: 'offline_access' }
const KIND_NAMES = ['user', 'application']
/** The fields of GET /me this page shows in words; the operator's others are listed as they come. */
const KNOWN_FIELDS = ['kind', 'id', 'name', 'email', 'clientId', 'customer', 'scopes', 'contracts']

/**
 * GET /me as a page: who is signed in, for which customer, with which scopes and contracts. The body is "not shown" in
 * the reference (docs/decisions/0028-tolerant-reader.md): each known field appears when the operator sends it, and
 * everything else it sends is listed by path.
 */
export function AccountDetails() {
  const { t } = useTranslation()
  const me = useQuery(meQueries.me())
  if (me.isPending) return <p role="status">{t('auth.me.loading')}</p>
  if (me.isError) return <ErrorMessage error={me.error} onRetry={() => void me.refetch()} />
  const { data } = me
  const { customer, scopes, contracts } = data
  return (
    <>
      <section aria-labelledby="me-who" className="card">
        <h2 id="me-who">{t('auth.me.person')}</h2>
        <dl className="details">
          {data.name !== undefined && (
            <>
              <dt>{t('auth.me.person')}</dt>
              <dd>{data.name}</dd>
            </>
          )}
          {data.email && (
            <>
              <dt>{t('auth.me.email')}</dt>
              <dd>{data.email}</dd>
            </>
          )}
          {data.kind !== undefined && (
            <>
              <dt>{t('auth.me.kind')}</dt>
              <dd>{KIND_NAMES.includes(data.kind) ? t(`auth.me.kindName.${data.kind}`) : data.kind}</dd>
            </>
          )}
          {data.id !== undefined && (
            <>
              <dt>{t('auth.me.id')}</dt>
              <dd>
                <code>{data.id}</code>
              </dd>
            </>
          )}
          {customer && (customer.name !== undefined || customer.id !== undefined) && (
            <>
              <dt>{t('auth.me.customer')}</dt>
              <dd>
                {customer.name} {customer.id !== undefined && <code>({customer.id})</code>}
              </dd>
            </>
          )}
          {data.clientId !== undefined && (
            <>
              <dt>{t('auth.me.clientId')}</dt>
              <dd>
                <code>{data.clientId}</code>
              </dd>
            </>
          )}
          <dt>{t('auth.me.access')}</dt>
          <dd>{scopes === undefined ? t('auth.me.accessUnknown') : canCreate(data) ? t('auth.account.fullAccess') : t('auth.account.readOnly')}</dd>
        </dl>
      </section>
      {scopes && <ScopesSection scopes={scopes} />}
      {contracts && <ContractsSection contracts={contracts} />}
      <OtherFields value={data} known={KNOWN_FIELDS} title={t('auth.me.other')} />
    </>
  )
}

function ScopesSection({ scopes }: { scopes: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="me-scopes" className="card">
      <h2 id="me-scopes">{t('auth.me.scopes')}</h2>
      <ul>
        {scopes.map((scope) => (
          <li key={scope}>
            {scope in SCOPE_NAME_KEY ? t(`auth.me.scopeName.${SCOPE_NAME_KEY[scope]}`) : t('auth.me.otherScope')} (<code>{scope}</code>)
          </li>
        ))}
      </ul>
    </section>
  )
}

function ContractsSection({ contracts }: { contracts: readonly { number: string; name?: string }[] }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="me-contracts" className="card">
      <h2 id="me-contracts">{t('auth.me.contracts')}</h2>
      {contracts.length === 0 ? (
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
            {contracts.map((contract) => (
              <tr key={contract.number}>
                <th scope="row">{contract.number}</th>
                <td>{contract.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
