/**
 * `airlock-kit/siwx`: sign in with the wallet. Pass a configuration as `createAirlock({ siwx })`: {@link localSiwx}
 * (checked in the browser, kept in `localStorage`), {@link serverSiwx} (checked by a server, kept in its cookie), or
 * your own `SIWXConfig`. The actions drive it from any renderer. What is heavy (the message writer, the verifiers,
 * the flows) loads when sign-in starts, never on the first load.
 * @module
 */

export type {
  SIWEConfig,
  SIWECreateMessageArgs,
  SIWESession,
  SIWXConfig,
  SIWXMessage,
  SIWXMessageInput,
  SIWXSession
} from "../options/siwx.ts"
export {
  cancelSignIn,
  confirmEmailCapture,
  getSiwxSessions,
  requestEmailCapture,
  requestSignIn,
  resendEmailCapture,
  signOut,
  skipEmailCapture
} from "./actions.ts"
export {
  type LocalSiwxOptions,
  localSiwx,
  type ServerSiwxOptions,
  type SiwxMessageOptions,
  serverSiwx
} from "./configs.ts"
