/**
 * LIMIT written into the statement's text instead of sent as a parameter, on PostgreSQL.
 *
 * A named statement (named-statements.ts) gets a generic plan after five runs only when that plan
 * costs no more than the custom ones. A generic plan must guess a `LIMIT $n`, and PostgreSQL
 * guesses a tenth of the rows; on a large table that guess prices the generic plan far above a
 * custom plan for `LIMIT 51`, so a paged statement is planned again on every run (a console queue
 * page on a million users: about 0.9 ms a run planning and executing, against 0.12–0.35 ms with
 * the limit in its text). Every limit is an integer the code computes (a page size of at most
 * 200, a cap), so a statement keeps a handful of texts.
 */
import {
  LimitNode,
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely'

class LimitInliner extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const limit = node.limit
    if (ValueNode.is(limit) && Number.isSafeInteger(limit.value) && (limit.value as number) >= 0) {
      return LimitNode.create(ValueNode.createImmediate(limit.value))
    }
    return super.transformLimit(node)
  }
}

/** The Kysely plugin that writes integer LIMITs into the statement's text (see above). */
export class InlineLimitsPlugin implements KyselyPlugin {
  readonly #inliner = new LimitInliner()

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#inliner.transformNode(args.node)
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}
