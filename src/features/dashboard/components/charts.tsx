import { useId } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
import { currentLanguage } from '@/i18n/i18n'
import { formatNumber, formatPercent } from '@/lib/format'
import './charts.css'

/**
 * Hand-written SVG charts, in a chunk of their own that only the dashboard and the overdue view load
 * (React.lazy), so the sign-in page and the requests list do not pay for them.
 */
export interface ChartBar {
  key: string
  /** The group's name in the person's language, written beside its bar: no bar relies on colour. */
  label: string
  count: number
  /** The code behind the name (a type's), kept as a tooltip for whoever matches it with other data. */
  code?: string
  /** The requests list filtered to exactly this bar's requests. */
  href: string
}

/**
 * A horizontal bar chart whose every bar is a link to its requests ("Rejected: 1,234 requests"), with a
 * described summary and the same figures as a table: what a screen reader or a person who cannot tell the
 * bars apart reads instead.
 */
export function BarChart({ title, bars, total }: { title: string; bars: readonly ChartBar[]; total: number }) {
  const { t } = useTranslation()
  const id = useId()
  const language = currentLanguage()
  const number = (value: number) => formatNumber(value, language)
  const percent = (share: number) => formatPercent(share, language)
  const largest = bars.reduce<ChartBar | null>((best, bar) => (best === null || bar.count > best.count ? bar : best), null)
  const max = Math.max(1, largest?.count ?? 0)
  const summary =
    total === 0 || largest === null
      ? t('dashboard.charts.summaryEmpty')
      : t('dashboard.charts.summary', { count: total, total: number(total), largest: largest.label, largestCount: number(largest.count) })

  return (
    <figure className="bar-chart">
      {/* HTML, not a scaled drawing: its text keeps the page's size at every width, a long label wraps inside the card,
          and every row is a link at least 44 px tall (docs/decisions/0033-layout-at-every-width.md). */}
      <div className="bar-chart__bars" role="group" aria-label={title} aria-describedby={`${id}-summary`}>
        {bars.map((bar) => (
          <Link
            key={bar.key}
            to={bar.href}
            className="bar-chart__link"
            aria-label={t('dashboard.charts.bar', { label: bar.label, count: bar.count, formatted: number(bar.count) })}
          >
            <span className="bar-chart__label">{bar.label}</span>
            <span className="bar-chart__track" aria-hidden="true">
              <span className="bar-chart__bar" style={{ inlineSize: `${(bar.count / max) * 100}%` }} />
              <span className="bar-chart__value">{number(bar.count)}</span>
            </span>
          </Link>
        ))}
      </div>
      <figcaption id={`${id}-summary`} className="bar-chart__summary">
        {summary} <span className="muted">{t('dashboard.charts.chartHint')}</span>
      </figcaption>
      <table className="table table--compact bar-chart__table">
        <caption>{t('dashboard.charts.tableCaption', { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.charts.columnGroup')}</th>
            <th scope="col" className="numeric">
              {t('dashboard.charts.columnCount')}
            </th>
            <th scope="col" className="numeric">
              {t('dashboard.charts.columnShare')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">
                <Link to={bar.href} title={bar.code}>
                  {bar.label}
                </Link>
              </th>
              <td className="numeric">{number(bar.count)}</td>
              <td className="numeric">{percent(total === 0 ? 0 : bar.count / total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
