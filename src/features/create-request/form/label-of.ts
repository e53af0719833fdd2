import { MAP_ENTRY, type FormField } from '../schema/form-model'

/**
 * "Location › Address › City", "VLANs › 2 › Label", "Properties › 1 › Value": a field said with the form's labels
 * (`entry`: the words of a key/value entry's two fields).
 */
export function labelOf(model: FormField, name: string, entry?: { key: string; value: string }): string {
  const labels: string[] = []
  let node: FormField | undefined = model
  // Set once the path went through a key/value field into one of its entries.
  let inEntry = false
  for (const [index, segment] of name
    .replace(/\.root$/, '')
    .split('.')
    .entries()) {
    const entered = node?.kind === 'map'
    if (node?.kind === 'object') node = node.children.find((child) => child.key === segment)
    else if (node?.kind === 'array') node = node.item
    else if (node?.kind === 'map') node = node.row
    else node = undefined
    if (!node) break
    // The body's `properties` is the request's own part, not something the person named.
    if (index === 0 && segment === 'properties' && node.kind !== 'map') continue
    if (entry && inEntry && (segment === MAP_ENTRY.key || segment === MAP_ENTRY.value)) labels.push(entry[segment])
    else labels.push(/^\d+$/.test(segment) ? String(Number(segment) + 1) : node.label)
    inEntry = entered
  }
  return labels.join(' › ') || name
}
