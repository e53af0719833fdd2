import { useTranslation } from '@/i18n/use-translation'
import { COLUMNS, LIST_COLUMNS, type ListColumn } from '../columns'

/** Which columns to show, in a disclosure; the id and the delay are always shown. */
export function ColumnChooser({ columns, onChange }: { columns: ListColumn[]; onChange: (columns: ListColumn[]) => void }) {
  const { t } = useTranslation()
  return (
    <details className="column-chooser">
      <summary>{t('requests.columns.button')}</summary>
      <fieldset>
        <legend>{t('requests.columns.legend')}</legend>
        {LIST_COLUMNS.filter((column) => COLUMNS[column].hideable).map((column) => (
          <label key={column} className="check">
            <input
              type="checkbox"
              checked={columns.includes(column)}
              onChange={(event) => onChange(event.target.checked ? [...columns, column] : columns.filter((c) => c !== column))}
            />{' '}
            {t(`requests.column.${column}`)}
          </label>
        ))}
        <p className="muted">{t('requests.columns.always')}</p>
      </fieldset>
    </details>
  )
}
