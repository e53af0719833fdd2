/** The id of a field's element, used by labels, the error summary's links and focus. */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`
}
