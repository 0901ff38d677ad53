/** The log lines the domain functions and plugins write (Fastify's logger, or the CLI's console). */
export interface Logger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}
