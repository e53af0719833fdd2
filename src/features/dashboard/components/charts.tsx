import { useId } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '@/i18n/use-translation'
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

const WIDTH = 680
const LABEL_WIDTH = 250
const VALUE_WIDTH = 90
const ROW_HEIGHT = 32
const BAR_HEIGHT = 22

/**
 * A horizontal bar chart whose every bar is a link to its requests ("Rejected: 1,234 requests"), with a
 * described summary and the same figures as a table: what a screen reader or a person who cannot tell the
 * bars apart reads instead.
 */
export function BarChart({ title, bars, total }: { title: string; bars: readonly ChartBar[]; total: number }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const number = new Intl.NumberFormat(i18n.language)
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 })
  const largest = bars.reduce<ChartBar | null>((best, bar) => (best === null || bar.count > best.count ? bar : best), null)
  const max = Math.max(1, largest?.count ?? 0)
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH
  const summary =
    total === 0 || largest === null
      ? t('dashboard.charts.summaryEmpty')
      : t('dashboard.charts.summary', { count: total, total: number.format(total), largest: largest.label, largestCount: number.format(largest.count) })

  return (
    <figure className="bar-chart">
      <svg
        className="bar-chart__svg"
        viewBox={`0 0 ${WIDTH} ${Math.max(1, bars.length) * ROW_HEIGHT}`}
        role="group"
        aria-label={title}
        aria-describedby={`${id}-summary`}
      >
        {bars.map((bar, index) => {
          const y = index * ROW_HEIGHT
          const width = (bar.count / max) * plot
          const middle = y + ROW_HEIGHT / 2
          return (
            <Link
              key={bar.key}
              to={bar.href}
              className="bar-chart__link"
              aria-label={t('dashboard.charts.bar', { label: bar.label, count: bar.count, formatted: number.format(bar.count) })}
            >
              {/* The whole row answers a click, even a bar of 0. */}
              <rect className="bar-chart__row" x={0} y={y} width={WIDTH} height={ROW_HEIGHT} />
              <text className="bar-chart__label" x={LABEL_WIDTH - 10} y={middle} textAnchor="end" dominantBaseline="central">
                {bar.label}
              </text>
              <rect className="bar-chart__bar" x={LABEL_WIDTH} y={y + (ROW_HEIGHT - BAR_HEIGHT) / 2} width={width} height={BAR_HEIGHT} />
              <text className="bar-chart__value" x={LABEL_WIDTH + width + 8} y={middle} dominantBaseline="central">
                {number.format(bar.count)}
              </text>
            </Link>
          )
        })}
      </svg>
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
              <td className="numeric">{number.format(bar.count)}</td>
              <td className="numeric">{percent.format(total === 0 ? 0 : bar.count / total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
