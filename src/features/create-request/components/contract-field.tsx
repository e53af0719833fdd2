import type { ReactNode } from 'react'
import { useTranslation } from '@/i18n/use-translation'
import { ComboField, useTypedCombo } from './combo-field'

/**
 * The contract, chosen from the person's contracts (GET /me) with React Aria's combobox; typing another number
 * stays possible, and the API judges it (docs/decisions/0014-creation-forms.md). Without contracts (/me not answered,
 * failed, or listing none) the same field is typed, with nothing to open (docs/decisions/0030-forms-for-any-catalog.md).
 */
export function ContractField(props: {
  name: string
  label: string
  required: boolean
  contracts: readonly { number: string; name: string }[]
  help?: string
  message?: string
  reason?: string
  counter?: ReactNode
}) {
  const { t } = useTranslation()
  const typed = useTypedCombo(props.name)
  const { contracts, ...field } = props
  const options = contracts.map((contract) => ({
    id: contract.number,
    textValue: contract.number,
    content: (
      <>
        <strong>{contract.number}</strong> <span>{contract.name}</span>
      </>
    ),
  }))
  return (
    <ComboField
      {...field}
      {...typed}
      options={options}
      buttonLabel={contracts.length > 0 ? t('createRequest.form.showContracts') : undefined}
      autoComplete="off"
    />
  )
}
