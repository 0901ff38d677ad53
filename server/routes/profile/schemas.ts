/** JSON schemas shared by the profile routes. */

/** A string field bounded only loosely: the shared rules (src/shared/validation.ts) give the messages. */
export const looseString = { type: 'string', maxLength: 200 } as const

/** `{ message }` answers. */
export const messageResponse = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const

/** One IFSC answer (server/profile/ifsc-lookup.ts `IfscAnswer`). */
export const ifscAnswer = {
  type: 'object',
  required: ['IFSC', 'BANK', 'BRANCH', 'source'],
  properties: {
    IFSC: { type: 'string' },
    BANK: { type: 'string' },
    BRANCH: { type: 'string' },
    source: { type: 'string', enum: ['service', 'cache', 'bundled'] },
  },
} as const
