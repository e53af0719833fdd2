// Classic zod parsing the same shape as zod-mini.tsx, for comparison.
import { createRoot } from 'react-dom/client'
import { z } from 'zod'

const ZRow = z.object({
  id: z.string().regex(/^[0-9]+$/),
  customerReference: z.string().max(18).nullable().optional(),
  status: z.enum(['ACKNOWLEDGED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED']),
  createdAt: z.iso.datetime({ offset: true }),
  quantity: z.number().int().optional(),
  rejectionReasons: z.array(z.object({ code: z.string(), reason: z.string(), message: z.string().optional() })).optional(),
})

createRoot(document.getElementById('root')!).render(<p>{String(z.array(ZRow).safeParse(JSON.parse('[]')).success)}</p>)
