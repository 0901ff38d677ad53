/**
 * Resolves in a new task (a 0 ms timer): the browser may paint and handle input before the code
 * after the `await` runs, so one long task becomes two shorter ones (TBT).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
