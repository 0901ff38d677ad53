/** `msg()` lives in src/shared (the input checks' messages use it, and src/shared imports only itself). */
export { msg } from '../shared/msg.ts'
