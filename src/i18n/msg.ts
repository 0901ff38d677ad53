// msg() lives in src/shared (the rules use it too; src/shared imports nothing outside itself).
export { msg } from '../shared/msg.ts'
