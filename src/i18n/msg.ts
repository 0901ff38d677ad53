// The marker of messages for the catalog lives in src/shared (its input checks use it too).
export { msg } from '../shared/msg.ts'
