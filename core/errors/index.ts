export { AirlockError, type AirlockErrorOptions, docsBaseUrl } from "./AirlockError.ts"
export { type AlertCode, AlertError, alertCodeFromServerMessage, alertCodes, alerts } from "./alerts.ts"
export {
  AccountDataError,
  ChainError,
  ConnectionError,
  EmailError,
  FrameError,
  NameError,
  OptionsError,
  RpcError,
  SendError,
  SiwxError
} from "./catalogue.ts"
export { type ErrorParams, ReasonError, type ReasonErrorArgs } from "./ReasonError.ts"
