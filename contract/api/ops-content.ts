/**
 * The operators' console API for content and governance (docs/product.md#rules, #operators): videos and plans, the
 * live rules with their history, and the audit trail. The rest of the console's API is in ops.ts
 * and ops-files.ts; all are served in `/api/v1/openapi.json` and `/api/v1/ops/openapi.json`. In
 * answers `active` is 0/1 (the database's integer); in a body it is true or false.
 */
import { Type, type Static } from 'typebox'
import { Nullable, errorResponses } from './common'
import { opsAuth } from './ops'
import { CsvAnswer } from './ops-files'
import { Rules } from './system'
import { RiskRules } from './risk'

const tags = ['operators console']
const guarded = (summary: string) => ({ tags, summary, security: opsAuth })
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })
/** An https:// address or a path on this site (the server checks the form). */
const link = () => Type.String({ maxLength: 500 })
const reason = Type.Optional(Type.String({ maxLength: 500, description: 'Kept in the audit row.' }))

/** A video as the console lists it: `timer` seconds, `position` the dashboard order. */
export const OpsVideo = Type.Object({
  id: Type.Integer(),
  link: Type.String(),
  redirection_link: Type.String(),
  timer: Type.Integer(),
  position: Type.Integer(),
  active: Type.Integer({ description: '1 when shown on the dashboard.' }),
})
export type OpsVideo = Static<typeof OpsVideo>

/** A plan as the console lists it: `deposit_point` rupees as text or FREE. */
export const OpsPlan = Type.Object({
  id: Type.Integer(),
  membership_type: Type.String(),
  video_point: Type.Number(),
  deposit_point: Type.String(),
  withdrawl_days: Type.Integer(),
  active: Type.Integer({ description: '1 when offered.' }),
})
export type OpsPlan = Static<typeof OpsPlan>

/** A video's fields: all but `position` and `active` to create one, any of them to edit. */
const VideoFields = Type.Object({
  link: Type.Optional(link()),
  redirection_link: Type.Optional(link()),
  timer: Type.Optional(Type.Integer({ minimum: 5, maximum: 600 })),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  active: Type.Optional(Type.Boolean()),
  reason,
})

/** A plan's fields: all but `active` to create one, any of them to edit. */
const PlanFields = Type.Object({
  membership_type: Type.Optional(Type.String({ maxLength: 40 })),
  deposit_point: Type.Optional(Type.String({ maxLength: 16 })),
  video_point: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  withdrawl_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  active: Type.Optional(Type.Boolean()),
  reason,
})

/** The live rules as operators see them: the public rules and the risk rules. */
export const LiveRules = Type.Object({ ...Rules.properties, ...RiskRules.properties })

/** One stored version of the rules. */
export const RulesVersion = Type.Object({
  id: Type.Integer(),
  rules: Type.Partial(LiveRules),
  actor: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  created_at: Type.String(),
})
export type RulesVersion = Static<typeof RulesVersion>

/** The rules in force, what an operator may edit (with bounds and labels), and the history. */
export const RulesAnswer = Type.Object({
  rules: LiveRules,
  editable: Type.Object({
    numbers: Type.Record(
      Type.String(),
      Type.Object({ min: Type.Number(), max: Type.Number(), label: Type.String() }),
    ),
    switches: Type.Record(Type.String(), Type.Object({ label: Type.String() })),
  }),
  history: Type.Array(RulesVersion),
})
export type RulesAnswer = Static<typeof RulesAnswer>

/** An audit row: who did what to which row, `before`/`after` as they were (any JSON). */
export const AuditRow = Type.Object({
  id: Type.Integer(),
  actor: Type.String(),
  action: Type.String(),
  entity: Type.String(),
  entity_id: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reason: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  created_at: Type.String(),
})
export type AuditRow = Static<typeof AuditRow>

const auditFilter = {
  action: Type.Optional(Type.String({ maxLength: 64 })),
  entity: Type.Optional(Type.String({ maxLength: 64 })),
  entity_id: Type.Optional(Type.String({ maxLength: 64 })),
  actor: Type.Optional(Type.String({ maxLength: 154 })),
  before_id: Type.Optional(Type.Integer({ minimum: 1 })),
}

const rowsOf = <T extends Parameters<typeof Type.Array>[0]>(row: T) => ({
  200: Type.Object({ rows: Type.Array(row) }),
  ...errorResponses,
})
const one = <T extends Parameters<typeof Type.Array>[0]>(row: T) => ({
  200: row,
  ...errorResponses,
})

/** Route schemas, by route. */
export const opsContentRoutes = {
  videos: { ...guarded('Every video, in dashboard order'), response: rowsOf(OpsVideo) },
  createVideo: { ...guarded('Add a video'), body: VideoFields, response: one(OpsVideo) },
  editVideo: {
    ...guarded('Change a video (hide it with active false)'),
    params: IdParams,
    body: VideoFields,
    response: one(OpsVideo),
  },
  plans: { ...guarded('Every plan'), response: rowsOf(OpsPlan) },
  createPlan: { ...guarded('Add a plan'), body: PlanFields, response: one(OpsPlan) },
  editPlan: {
    ...guarded('Change a plan (hide it with active false)'),
    params: IdParams,
    body: PlanFields,
    response: one(OpsPlan),
  },
  rules: { ...guarded('The rules in force and their history'), response: one(RulesAnswer) },
  saveRules: {
    ...guarded('Save a new version of the rules, with a reason'),
    body: Type.Object({
      rules: Type.Record(Type.String(), Type.Unknown()),
      reason: Type.String({ maxLength: 500 }),
    }),
    response: one(Type.Object({ id: Type.Integer(), rules: LiveRules })),
  },
  audit: {
    ...guarded('The audit trail, newest first, filtered'),
    querystring: Type.Object({
      ...auditFilter,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    }),
    response: rowsOf(AuditRow),
  },
  auditCsv: {
    ...guarded('The filtered audit trail as CSV'),
    querystring: Type.Object({
      ...auditFilter,
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    }),
    response: { 200: CsvAnswer, ...errorResponses },
  },
} as const
