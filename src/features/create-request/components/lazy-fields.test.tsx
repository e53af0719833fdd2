// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { ContractField, DateField } from './lazy-fields'

// The controls' chunk arrives when the test says so, as on a slow link.
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
})
vi.mock('./date-field', async (importOriginal) => {
  await gate.opened
  return importOriginal()
})
vi.mock('./contract-field', async (importOriginal) => {
  await gate.opened
  return importOriginal()
})

function Form() {
  const form = useForm({ defaultValues: { requestedAt: '2026-12-04', contract: '' } })
  const contract = useWatch({ control: form.control, name: 'contract' })
  return (
    <FormProvider {...form}>
      <form aria-label="Request form">
        <DateField name="requestedAt" label="Requested date" required locale="en-GB" help="On or after 4 December 2026." />
        <ContractField name="contract" label="Contract" required contracts={[{ number: 'ACM-000101', name: 'Acme' }]} />
      </form>
      <p>{`The form holds ${contract}`}</p>
    </FormProvider>
  )
}

describe('the form’s date picker and combobox, loaded apart', () => {
  it('shows each field with its label and value until its control comes, then hands over the value and the focus', async () => {
    render(<Form />)
    // Before the controls: native inputs, same labels, the date in the person's format.
    const date = screen.getByRole('textbox', { name: 'Requested date (required)' })
    expect(date).toHaveValue('04/12/2026')
    expect(screen.getByText('On or after 4 December 2026.')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: /Requested date/ })).toBeNull()
    const contract = screen.getByRole('textbox', { name: 'Contract (required)' })
    await userEvent.type(contract, 'ACM')
    expect(screen.getByText('The form holds ACM')).toBeInTheDocument()

    await act(async () => gate.open())
    // The real controls, with what was typed and the focus where the person left it.
    const box = await screen.findByRole('combobox', { name: 'Contract (required)' })
    expect(box).toHaveValue('ACM')
    expect(box).toHaveFocus()
    const group = screen.getByRole('group', { name: 'Requested date (required)' })
    expect(group).toHaveTextContent('04/12/2026')
    expect(screen.queryByRole('textbox', { name: /Requested date/ })).toBeNull()
  })
})
