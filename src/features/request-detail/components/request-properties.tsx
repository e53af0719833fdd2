import { useId, type ReactNode } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import type { Request } from '@contract/request'
import { currentLanguage } from '@/i18n/i18n'
import { formatBytes, formatCountry } from '@/lib/format'
import { FieldList, JsonValue, type Field } from './field-list'

/** The parts of `properties` this page shows in their own sections; anything else goes to "Other details". */
const KNOWN_PROPERTIES = new Set(['location', 'contacts', 'network', 'billingAccount', 'servicePoint', 'profile', 'options'])

export function PropertySection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="card">
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  )
}

/** The site, contact, service, attachments, comment and any other property of a request, each in its section. */
export function RequestProperties({ request }: { request: Request }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const { location, contacts, network, billingAccount, servicePoint, profile, options } = request.properties
  const contact = contacts?.primary
  const others = Object.entries(request.properties).filter(([key, value]) => !KNOWN_PROPERTIES.has(key) && value !== undefined)
  const label = (key: string) => t(`requestDetail.fields.${key}`)

  const service: Field[] = [
    { label: label('servicePoint'), value: servicePoint?.id },
    { label: label('network'), value: network?.id },
    { label: label('billingAccount'), value: billingAccount?.code },
    { label: label('profile'), value: profile },
    { label: label('options'), value: options && Object.keys(options).length > 0 ? <JsonValue value={options} /> : undefined },
  ]

  return (
    <>
      {location && <SiteSection location={location} />}
      {contact && (
        <PropertySection title={t('requestDetail.sections.contact')}>
          <FieldList
            fields={[
              { label: label('contactName'), value: [contact.title, contact.firstName, contact.lastName].filter(Boolean).join(' ') },
              { label: label('phone'), value: contact.phone },
              { label: label('mobile'), value: contact.mobile },
              { label: label('email'), value: contact.email },
            ]}
          />
        </PropertySection>
      )}
      {service.some((field) => field.value !== undefined) && (
        <PropertySection title={t('requestDetail.sections.service')}>
          <FieldList fields={service} />
        </PropertySection>
      )}
      <PropertySection title={t('requestDetail.sections.attachments')}>
        {request.attachments.length === 0 ? (
          <p>{t('requestDetail.noAttachment')}</p>
        ) : (
          <ul className="attachments">
            {request.attachments.map((attachment, index) => (
              <li key={attachment.id ?? index}>
                {attachment.name ?? attachment.id ?? t('requestDetail.unnamedAttachment')}{' '}
                {attachment.size !== undefined && <span className="muted">({formatBytes(attachment.size, language)})</span>}
              </li>
            ))}
          </ul>
        )}
      </PropertySection>
      {request.comment && (
        <PropertySection title={t('requestDetail.sections.comment')}>
          <p className="comment">{request.comment}</p>
        </PropertySection>
      )}
      {others.length > 0 && (
        <PropertySection title={t('requestDetail.sections.other')}>
          <JsonValue value={Object.fromEntries(others)} />
        </PropertySection>
      )}
    </>
  )
}

/** Where the service is delivered: the site, its address and what locates it inside. */
function SiteSection({ location }: { location: NonNullable<Request['properties']['location']> }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const label = (key: string) => t(`requestDetail.fields.${key}`)
  return (
    <PropertySection title={t('requestDetail.sections.site')}>
      <FieldList
        fields={[
          { label: label('siteName'), value: location.name },
          {
            label: label('address'),
            value: location.address && (
              <>
                <span className="line">{location.address.street}</span>
                {location.address.extendedStreet && <span className="line">{location.address.extendedStreet}</span>}
                <span className="line">
                  {location.address.postalCode} {location.address.city}
                </span>
                {location.address.country && <span className="line">{formatCountry(location.address.country, language)}</span>}
              </>
            ),
          },
          { label: label('building'), value: location.building },
          { label: label('residence'), value: location.residence },
          { label: label('floor'), value: location.floor },
          { label: label('stair'), value: location.stair },
          { label: label('room'), value: location.room },
          { label: label('localCompany'), value: location.localCompany },
          { label: label('localCompanyLegalNumber'), value: location.localCompanyLegalNumber },
          { label: label('siteId'), value: location.id },
        ]}
      />
    </PropertySection>
  )
}
