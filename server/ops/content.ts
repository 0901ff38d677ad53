/**
 * Videos and membership plans as operators edit them (docs/product.md#operators): videos (link, redirection
 * link, timer, order, active) and plans (type, deposit amount, coins per video, withdrawal days,
 * active). Each create or edit is one transaction with its audit row (before and after). A hidden
 * (inactive) video leaves the dashboard; a hidden plan leaves the plan list and takes no new
 * deposits; rows are never deleted, since rewards and orders point at them.
 */
import { isUniqueViolation, type Db } from '../db/index.ts'
import { badRequest, conflict, notFound } from '../lib/errors.ts'
import { writeAudit, type Actor } from './audit.ts'
import type { OpsPlan, OpsVideo } from '../../contract/api/ops-content.ts'

/** A video as the console lists it. `timer` in seconds; `active` 0/1. */
export type VideoRow = OpsVideo

/** A plan as the console lists it. `deposit_point` is rupees as text or 'FREE'. */
export type PlanRow = OpsPlan

const text = (v: unknown, field: string, max: number): string => {
  const s = typeof v === 'string' ? v.trim() : ''
  if (!s || s.length > max)
    throw badRequest('VALIDATION', `${field}: 1–${max} characters.`, { field })
  return s
}
const whole = (v: unknown, field: string, min: number, max: number): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw badRequest('VALIDATION', `${field}: a whole number from ${min} to ${max}.`, { field })
  }
  return v
}
const flag = (v: unknown, field: string): number => {
  if (typeof v !== 'boolean')
    throw badRequest('VALIDATION', `${field} is true or false.`, { field })
  return v ? 1 : 0
}
const link = (v: unknown, field: string): string => {
  const s = text(v, field, 500)
  if (!/^(https:\/\/|\/)[^\s]*$/.test(s)) {
    throw badRequest('VALIDATION', `${field}: an https:// address or a path on this site.`, {
      field,
    })
  }
  return s
}

/** Checks the fields of a video given (all of them when `creating`). Throws 400 VALIDATION. */
function videoFields(input: Record<string, unknown>, creating: boolean) {
  const out: Partial<Omit<VideoRow, 'id'>> = {}
  const has = (k: string) => creating || input[k] !== undefined
  if (has('link')) out.link = link(input.link, 'link')
  if (has('redirection_link'))
    out.redirection_link = link(input.redirection_link, 'redirection_link')
  if (has('timer')) out.timer = whole(input.timer, 'timer', 5, 600)
  if (input.position !== undefined) out.position = whole(input.position, 'position', 0, 1_000_000)
  if (input.active !== undefined) out.active = flag(input.active, 'active')
  return out
}

/** Checks the fields of a plan given (all but `active` when `creating`). Throws 400 VALIDATION. */
function planFields(input: Record<string, unknown>, creating: boolean) {
  const out: Partial<Omit<PlanRow, 'id'>> = {}
  const has = (k: string) => creating || input[k] !== undefined
  if (has('membership_type'))
    out.membership_type = text(input.membership_type, 'membership_type', 40)
  if (has('deposit_point')) {
    const d =
      typeof input.deposit_point === 'string'
        ? input.deposit_point.trim().toUpperCase()
        : input.deposit_point
    if (d !== 'FREE' && !(typeof d === 'string' && /^[1-9]\d{0,6}$/.test(d))) {
      throw badRequest('VALIDATION', 'deposit_point: whole rupees as text, or FREE.', {
        field: 'deposit_point',
      })
    }
    out.deposit_point = d
  }
  if (has('video_point')) out.video_point = whole(input.video_point, 'video_point', 1, 1_000_000)
  if (has('withdrawl_days'))
    out.withdrawl_days = whole(input.withdrawl_days, 'withdrawl_days', 0, 365)
  if (input.active !== undefined) out.active = flag(input.active, 'active')
  return out
}

/** Every video, in display order. */
export function listVideos(db: Db): Promise<VideoRow[]> {
  return db
    .selectFrom('videos')
    .select(['id', 'link', 'redirection_link', 'timer', 'position', 'active'])
    .orderBy('position')
    .orderBy('id')
    .execute()
}

/** Every plan, by id. */
export function listPlans(db: Db): Promise<PlanRow[]> {
  return db
    .selectFrom('membership_plans')
    .select(['id', 'membership_type', 'video_point', 'deposit_point', 'withdrawl_days', 'active'])
    .orderBy('id')
    .execute()
}

/**
 * Creates a video (`link`, `redirection_link`, `timer` 5–600 s required; `position`, `active`
 * optional) or, with `id`, changes the fields given. Audited as `video.create`/`video.update`.
 * Throws 400 VALIDATION, 404 VIDEO_NOT_FOUND, 409 VIDEO_LINK_TAKEN (links are unique).
 */
export async function saveVideo(
  db: Db,
  actor: Actor,
  id: number | null,
  input: Record<string, unknown>,
  now: Date,
): Promise<VideoRow> {
  const fields = videoFields(input, id === null)
  try {
    return await saveVideoIn(db, actor, id, fields, input, now)
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('VIDEO_LINK_TAKEN', 'Another video has this link.')
    throw error
  }
}

async function saveVideoIn(
  db: Db,
  actor: Actor,
  id: number | null,
  fields: Partial<Omit<VideoRow, 'id'>>,
  input: Record<string, unknown>,
  now: Date,
): Promise<VideoRow> {
  return db.transaction().execute(async (tx) => {
    const read = (rowId: number) =>
      tx
        .selectFrom('videos')
        .select(['id', 'link', 'redirection_link', 'timer', 'position', 'active'])
        .where('id', '=', rowId)
        .executeTakeFirst()
    let before: VideoRow | undefined
    let rowId: number
    if (id === null) {
      const row = await tx
        .insertInto('videos')
        .values(fields as Omit<VideoRow, 'id'>)
        .returning('id')
        .executeTakeFirstOrThrow()
      rowId = row.id
    } else {
      before = await read(id)
      if (!before) throw notFound('VIDEO_NOT_FOUND', `No video ${id}.`)
      rowId = id
      if (Object.keys(fields).length)
        await tx.updateTable('videos').set(fields).where('id', '=', id).execute()
    }
    const after = (await read(rowId)) as VideoRow
    const reason = typeof input.reason === 'string' ? input.reason : null
    await writeAudit(
      tx,
      actor,
      {
        action: id === null ? 'video.create' : 'video.update',
        entity: 'videos',
        entityId: rowId,
        before,
        after,
        reason,
      },
      now,
    )
    return after
  })
}

/**
 * Creates a plan (`membership_type`, `deposit_point` rupees as text or FREE, `video_point` coins
 * per video, `withdrawl_days` required; `active` optional) or, with `id`, changes the fields
 * given. Audited as `plan.create`/`plan.update`. Throws 400 VALIDATION, 404 PLAN_NOT_FOUND.
 */
export async function savePlan(
  db: Db,
  actor: Actor,
  id: number | null,
  input: Record<string, unknown>,
  now: Date,
): Promise<PlanRow> {
  const fields = planFields(input, id === null)
  return db.transaction().execute(async (tx) => {
    const read = (rowId: number) =>
      tx
        .selectFrom('membership_plans')
        .select([
          'id',
          'membership_type',
          'video_point',
          'deposit_point',
          'withdrawl_days',
          'active',
        ])
        .where('id', '=', rowId)
        .executeTakeFirst()
    let before: PlanRow | undefined
    let rowId: number
    if (id === null) {
      const row = await tx
        .insertInto('membership_plans')
        .values(fields as Omit<PlanRow, 'id'>)
        .returning('id')
        .executeTakeFirstOrThrow()
      rowId = row.id
    } else {
      before = await read(id)
      if (!before) throw notFound('PLAN_NOT_FOUND', `No plan ${id}.`)
      rowId = id
      if (Object.keys(fields).length)
        await tx.updateTable('membership_plans').set(fields).where('id', '=', id).execute()
    }
    const after = (await read(rowId)) as PlanRow
    const reason = typeof input.reason === 'string' ? input.reason : null
    await writeAudit(
      tx,
      actor,
      {
        action: id === null ? 'plan.create' : 'plan.update',
        entity: 'membership_plans',
        entityId: rowId,
        before,
        after,
        reason,
      },
      now,
    )
    return after
  })
}
