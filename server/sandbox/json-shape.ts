import { REQUEST_BODY_JSON_LIMITS } from '@contract/request-bodies'

export type JsonLimit = 'depth' | 'objectKeys' | 'arrayItems' | 'nodes'

export interface JsonShapeLimits {
  maxDepth: number
  maxObjectKeys: number
  maxArrayItems: number
  maxNodes: number
}

interface Open {
  kind: '{' | '['
  /** Where the container starts in the text. */
  start: number
  /** Commas seen directly in it. */
  commas: number
  /** Something other than whitespace has been seen directly in it. */
  filled: boolean
}

/**
 * Walks JSON text once, with no recursion and no parsing (docs/decisions/0020-hostile-input-and-faults.md):
 * calls `onOpen(depth, start)` for each object or array and `onClose(depth, start, end)` when it ends, and answers
 * the first limit the text exceeds, or null. Text that is not JSON is walked as far as it goes; JSON.parse says why.
 */
function walk(text: string, limits: JsonShapeLimits, onClose?: (depth: number, start: number, end: number) => void): { limit: JsonLimit; max: number } | null {
  const stack: Open[] = []
  let nodes = 1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c)
        i += 1 // backslash: skip the escaped character
      else if (char === 0x22) inString = false
      continue
    }
    const top = stack[stack.length - 1]
    if (char === 0x20 || char === 0x0a || char === 0x0d || char === 0x09) continue
    if (char === 0x7d || char === 0x5d) {
      // } or ]
      stack.pop()
      if (top) onClose?.(stack.length + 1, top.start, i + 1)
      continue
    }
    if (top && !top.filled) {
      top.filled = true
      nodes += 1
    }
    if (char === 0x2c && top) {
      // ,
      top.commas += 1
      nodes += 1
      if (top.kind === '{' && top.commas + 1 > limits.maxObjectKeys) return { limit: 'objectKeys', max: limits.maxObjectKeys }
      if (top.kind === '[' && top.commas + 1 > limits.maxArrayItems) return { limit: 'arrayItems', max: limits.maxArrayItems }
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      stack.push({ kind: char === 0x7b ? '{' : '[', start: i, commas: 0, filled: false })
      if (stack.length > limits.maxDepth) return { limit: 'depth', max: limits.maxDepth }
    }
    if (nodes > limits.maxNodes) return { limit: 'nodes', max: limits.maxNodes }
  }
  return null
}

/** The first of the body limits that `text` exceeds, or null: checked before the text is parsed. */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits = REQUEST_BODY_JSON_LIMITS): { limit: JsonLimit; max: number } | null {
  return walk(text, limits)
}

/**
 * Parses stored JSON text so that nothing deeper than `maxDepth` comes out: an object or array that would be deeper is
 * given as a string holding its JSON text instead. Rows stored before the depth limit existed (or written around it)
 * then still render, and every later walk of the value (serializing, rendering) is bounded.
 */
export function parseFolded(text: string, maxDepth: number = REQUEST_BODY_JSON_LIMITS.maxDepth): unknown {
  const unbounded = { maxDepth: Infinity, maxObjectKeys: Infinity, maxArrayItems: Infinity, maxNodes: Infinity }
  // Containers at depth maxDepth + 1 are folded whole; those inside them are part of that text.
  const folds: { start: number; end: number }[] = []
  let deepest = 0
  walk(text, unbounded, (depth, start, end) => {
    deepest = Math.max(deepest, depth)
    if (depth !== maxDepth + 1) return
    folds.push({ start, end })
  })
  if (deepest <= maxDepth) return JSON.parse(text)
  let folded = ''
  let at = 0
  for (const { start, end } of folds) {
    folded += text.slice(at, start) + JSON.stringify(text.slice(start, end))
    at = end
  }
  return JSON.parse(folded + text.slice(at))
}
