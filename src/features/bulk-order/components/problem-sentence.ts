import type { TFunction } from '@/i18n/translator'
import type { CellProblem } from '../check-rows'

/** A cell's problem as the sentence the preview shows, naming the field and what to do. */
export function problemSentence(problem: CellProblem, label: string, t: TFunction, locale: string): string {
  switch (problem.kind) {
    case 'rule':
      return problem.issue.sentence(label, t, locale)
    case 'duplicateInFile':
      return t('bulkOrder.cell.duplicateInFile', { rows: problem.rows.join(', ') })
    case 'existing':
      return t('bulkOrder.cell.existing', { id: problem.id })
    case 'contractNotListed':
      return t('bulkOrder.cell.contractNotListed', { contracts: problem.contracts })
  }
}
