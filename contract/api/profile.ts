/**
 * The profile routes' contract (docs/product.md#api, #validation): profile editing, bank
 * details, the IFSC lookup and the partners list. String fields are bounded loosely; the shared
 * rules (contract/validation.ts) give the docs/product.md#validation messages on the server.
 */
import { Type, type Static } from 'typebox'
import { MessageOnly, Nullable, bearerAuth, errorResponses } from './common'

const tags = ['profile']
/** A string field bounded only loosely: the shared rules give the messages. */
const looseString = () => Type.String({ maxLength: 200 })

export const ProfileFields = Type.Object({
  first_name: Type.String(),
  phone_number: Type.String(),
})
export type ProfileFields = Static<typeof ProfileFields>

export const EditProfileBody = Type.Object({
  first_name: Type.Optional(looseString()),
  phone_number: Type.Optional(looseString()),
})
export type EditProfileBody = Static<typeof EditProfileBody>

export const EditProfileAnswer = Type.Object({ message: Type.String(), data: ProfileFields })
export type EditProfileAnswer = Static<typeof EditProfileAnswer>

/** `POST /bank-details/`'s payload as docs/product.md#api names it. */
export const BankDetailsBody = Type.Object({
  account_number: Type.Optional(looseString()),
  ifsc: Type.Optional(looseString()),
  account_holder: Type.Optional(looseString()),
})
export type BankDetailsBody = Static<typeof BankDetailsBody>

/** The saved details as the API reads them back (docs/product.md#api: `data.data`). */
export const SavedBankDetails = Type.Object({
  acc_no: Type.String(),
  ifsc: Type.String(),
  holder_name: Type.String(),
  bank: Type.String(),
  branch: Type.String(),
})
export type SavedBankDetails = Static<typeof SavedBankDetails>

/** BANK and BRANCH of an IFSC; BRANCH is '' when only the bundled bank list could answer. */
export const IfscAnswer = Type.Object({
  IFSC: Type.String(),
  BANK: Type.String(),
  BRANCH: Type.String(),
  source: Type.Union([Type.Literal('service'), Type.Literal('cache'), Type.Literal('bundled')]),
})
export type IfscAnswer = Static<typeof IfscAnswer>

/** A partner on the landing page; `logo` is a same-origin image path (/partners/x.webp). */
export const Partner = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.String(),
  link: Type.String(),
})
export type Partner = Static<typeof Partner>

/** Route schemas, by route. */
export const profileRoutes = {
  editProfile: {
    tags,
    summary: "Save the user's first name and phone number",
    security: bearerAuth,
    body: EditProfileBody,
    response: { 200: EditProfileAnswer, ...errorResponses },
  },
  getBankDetails: {
    tags,
    summary: 'The saved bank details (null when none are saved yet)',
    security: bearerAuth,
    response: {
      200: Type.Object({ data: Type.Object({ data: Nullable(SavedBankDetails) }) }),
      ...errorResponses,
    },
  },
  saveBankDetails: {
    tags,
    summary: 'Save bank details after resolving the IFSC',
    security: bearerAuth,
    body: BankDetailsBody,
    response: { 200: MessageOnly, ...errorResponses },
  },
  ifsc: {
    tags,
    summary: 'Resolve an IFSC to its bank and branch',
    security: bearerAuth,
    params: Type.Object({ code: Type.String() }),
    response: { 200: IfscAnswer, ...errorResponses },
  },
  ourPartners: {
    tags,
    summary: 'The partners shown on the landing page',
    response: { 200: Type.Array(Partner), ...errorResponses },
  },
} as const
