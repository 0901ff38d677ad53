// The marker of messages for the catalog lives in contract/ (its input checks use it too).
export { msg } from '../../contract/msg.ts'
