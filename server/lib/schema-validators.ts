/**
 * The API's request validators: Fastify's own Ajv compiler, twice. Bodies are JSON, so a body's
 * numbers must be JSON numbers and its strings JSON strings: a body is validated without type
 * coercion, and `amount: "10"`, `true` or `[5]` is 400 VALIDATION, never ₹10, ₹1 or ₹5
 * (docs/product.md#units). Query strings, path parameters and headers are text by nature: a schema
 * that says `limit` is an integer there reads `?limit=20` as 20, so those parts keep Fastify's
 * coercion. Everything else is Fastify's default (formats, `removeAdditional`, defaults).
 */
import AjvCompiler from '@fastify/ajv-compiler'
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify'

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator']
type AjvServerOptions = { customOptions?: Record<string, unknown>; plugins?: unknown[] }
type CompilerFromPool = (
  externalSchemas: unknown,
  options: AjvServerOptions,
) => FastifySchemaCompiler<unknown>

/**
 * A `schemaController.compilersFactory.buildValidator` for Fastify: request bodies compiled with
 * `coerceTypes: false`, the other parts with the server's Ajv options as given (Fastify's default
 * `coerceTypes: 'array'`).
 */
export function strictBodyValidators(): ValidatorFactory {
  const fromPool = AjvCompiler() as unknown as CompilerFromPool
  const build = (externalSchemas: unknown, options: AjvServerOptions) => {
    const textParts = fromPool(externalSchemas, options)
    const bodies = fromPool(externalSchemas, {
      ...options,
      customOptions: { ...options.customOptions, coerceTypes: false },
    })
    return ((route) =>
      route.httpPart === 'body'
        ? bodies(route)
        : textParts(route)) as FastifySchemaCompiler<unknown>
  }
  return build as unknown as ValidatorFactory
}
