// Build step: V8's explicit compile hint on the files the app's start runs through.
import type { Plugin } from 'vite'

/** V8's magic comment: compile every function of this file eagerly, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later; older
 * browsers read a comment) as the first line of the chunks named in `chunkNames`. V8 otherwise
 * compiles a function only when it is first called, on the main thread, in the middle of the
 * task that runs the module: React's file ran in one task of about 60 ms unthrottled on this
 * machine, most of it compiling what the first render calls, which Lighthouse counts four times
 * over in TBT (issue 12). With the hint, the whole file is compiled while it streams in, on a
 * background thread, before it runs. Only for files whose functions nearly all run on every
 * start: eager compiling costs memory for the functions that never run.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && chunkNames.includes(file.name)) {
          file.code = `${COMPILE_HINT}\n${file.code}`
        }
      }
    },
  }
}
