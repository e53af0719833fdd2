// zod/mini parsing a response shaped like the API's request resource.
import { createRoot } from 'react-dom/client'
import { z } from 'zod/mini'

const ZRow = z.object({
  id: z.string().check(z.regex(/^[0-9]+$/)),
  customerReference: z.optional(z.nullable(z.string().check(z.maxLength(18)))),
  status: z.enum(['ACKNOWLEDGED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'CANCELLED']),
  createdAt: z.iso.datetime({ offset: true }),
  quantity: z.optional(z.number().check(z.int())),
  rejectionReasons: z.optional(z.array(z.object({ code: z.string(), reason: z.string(), message: z.optional(z.string()) }))),
})

createRoot(document.getElementById('root')!).render(<p>{String(z.array(ZRow).safeParse(JSON.parse('[]')).success)}</p>)
