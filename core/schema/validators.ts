/**
 * The validation rules of SPEC §5 in one import: schemas, `isX` guards and the send / pairing checks.
 * @example
 * ```ts
 * import { isEvmAddress, validateSend } from "./validators.ts"
 * ```
 */
export { AccountName, invalidChainIdMessage, isAccountName, isNameChainId, NameChainId } from "./accountName.ts"
export {
  EvmAddress,
  isEvmAddress,
  isSignedMessage,
  isSolanaAddress,
  isTransactionHash,
  SignedMessage,
  SolanaAddress,
  TransactionHash
} from "./address.ts"
export { Email, isEmail, isOtp, isSocialProvider, Otp, SocialProvider, socialProviders } from "./login.ts"
export { CaipAddress, CaipNetworkId, isCaipAddress, isCaipNetworkId } from "./network.ts"
export { isPairingExpired, pairingExpiry, pairingExpiryMarginMs, pairingLifetimeMs } from "./pairing.ts"
export {
  isPreflightCommitment,
  isSendCallsParams,
  isSolanaSignParams,
  PreflightCommitment,
  SendCall,
  SendCallsParams,
  SolanaSendOptions,
  SolanaSignAllTransactionsParams,
  SolanaSignMessageParams,
  SolanaSignParams,
  SolanaSignTransactionParams
} from "./rpcParams.ts"
export { isSendInput, SendInput, sendErrorMessages, validateSend } from "./sendInput.ts"
