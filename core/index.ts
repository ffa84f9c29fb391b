/**
 * `airlock-kit`: the headless core. Create a client with {@link createAirlock}; read its state with `getState`,
 * `subscribe` and `watch`; drive it with `open`, `close`, `switchNetwork`, `disconnect`.
 * @module
 */

export type {
  AdapterConnection,
  AdapterEvents,
  AdapterImplementation,
  PreparedTransfer,
  TransferArgs
} from "./adapter/AdapterImplementation.ts"
export { AdapterLoadError } from "./adapter/AdapterLoadError.ts"
export type { AirlockAdapter } from "./adapter/AirlockAdapter.ts"
export type { CoreServices } from "./adapter/CoreServices.ts"
export * from "./anatomy/index.ts"
export { type AirlockServices, createAirlock } from "./client/createAirlock.ts"
export { DestroyedError } from "./client/DestroyedError.ts"
// Account names' actions (their flows load with core's names part).
export {
  registerAccountName,
  resetNameRegistration,
  setAccountName,
  startNameRegistration
} from "./client/nameActions.ts"
// Swap's actions (their flows load with core's swap part).
export {
  approveSwap,
  editSwap,
  executeSwap,
  flipSwap,
  previewSwap,
  resetSwap,
  setSwapAmount,
  setSwapTokens,
  startSwap,
  swapMax
} from "./client/swapActions.ts"
export type { AirlockClient } from "./client/types.ts"
export * from "./errors/index.ts"
export type { NameRegistrationParams } from "./flows/names/start.ts"
export type { SwapStartParams } from "./flows/swap/start.ts"
export {
  type LocaleCatalogue,
  type Message,
  type MessageArgs,
  type MessageId,
  type MessagePlaceholders,
  type Messages,
  messageText,
  translate
} from "./i18n/catalogue.ts"
export { describeError } from "./i18n/describeError.ts"
export { type TemplatePart, templateParts } from "./i18n/format.ts"
export {
  type BundledLocale,
  bundledLocaleOf,
  bundledLocales,
  localeDir,
  preferredLocale
} from "./i18n/locales.ts"
export type { AirlockOptions, Metadata } from "./options/AirlockOptions.ts"
export type {
  SIWEConfig,
  SIWECreateMessageArgs,
  SIWESession,
  SIWXConfig,
  SIWXMessage,
  SIWXMessageInput,
  SIWXSession
} from "./options/siwx.ts"
export {
  type ActivityPages,
  type ActivityView,
  selectActivity,
  watchActivity
} from "./resources/activity.ts"
export {
  type ActivityGroup,
  type ActivityRow,
  activityGroupOf,
  activityRow,
  groupActivity,
  isShownTransaction,
  transferSign
} from "./resources/activityFormat.ts"
export { type BalanceView, selectBalance, watchBalance } from "./resources/balance.ts"
export { type NftsView, selectNfts, watchNfts } from "./resources/nfts.ts"
export { connectedResourceKey, replaceEqualDeep, resourceKey, resourceLifetimes } from "./resources/resource.ts"
export { filterTokens, type SendView, selectSend } from "./resources/send.ts"
export { selectTokens, type TokensView, watchTokens } from "./resources/tokens.ts"
export type {
  RouterState,
  ShowSnackParameters,
  SnackMessage,
  SnackVariant,
  View,
  ViewParams,
  ViewParamsMap
} from "./router/index.ts"
export {
  getViewParams,
  HEADER_TEXT_TRANSITION_MS,
  isViewEnabled,
  MODAL_HEIGHT_TRANSITION_MS,
  MODAL_WIDTH_PX,
  MODAL_Z_INDEX,
  SHAKE_MS,
  SNACK_REPLACE_MS,
  SNACK_SHOWN_MS,
  type Transition,
  VIEW_TRANSITION_MS,
  VIEWS
} from "./router/index.ts"
export type { OpenParameters, PushData, ViewRequest } from "./router/requests.ts"
export type { ResolvedFeatures } from "./rules/features.ts"
export type { AccountNameProblem } from "./rules/names.ts"
export type { SendPreview } from "./rules/send.ts"
export {
  checkSendForm,
  fromBaseUnits,
  isReceiverAddress,
  isReceiverName,
  type SendForm,
  type SendFormCheck,
  sendValueInUsd,
  toBaseUnits
} from "./rules/send.ts"
export {
  type WalletLinking,
  type WalletLinkKind,
  type WalletLinks,
  walletLink,
  walletLinkKinds,
  walletLinkTarget
} from "./rules/walletLinks.ts"
export type { AccountState, AccountTab, ConnectionStatus } from "./schema/account.ts"
export { accountTabs } from "./schema/accountTabs.ts"
export type { Nft } from "./schema/api/nfts.ts"
// The SPEC §5 checks as plain functions: no schema library on the first load.
export {
  isAccountName,
  isCaipAddress,
  isCaipNetworkId,
  isEmail,
  isEvmAddress,
  isOtp,
  isSocialProvider,
  isSolanaAddress,
  isTransactionHash,
  type SocialProviderId,
  socialProviders
} from "./schema/checks.ts"
export type { Connection, Connector, ConnectorData, ConnectorType } from "./schema/connector.ts"
export { DecimalError, parseDecimal } from "./schema/decimal.ts"
export type { AirlockEventMap, AirlockEventName, AirlockEventProperties } from "./schema/events.ts"
export type { SocialLogin } from "./schema/features.ts"
export { formatBalance, formatQuantity, formatUsd, localizeDecimal, truncateAddress } from "./schema/format.ts"
export { shortenEmail } from "./schema/loginName.ts"
export type { ChainNamespace } from "./schema/namespace.ts"
export type { CaipAddress, CaipNetwork, CaipNetworkId } from "./schema/network.ts"
export type { TokenBalance, TokenQuantity } from "./schema/token.ts"
export { isSafeConnectorIcon, isSafeImageUrl, isSafeLinkUrl } from "./schema/urlCheck.ts"
export type { WalletListing } from "./schema/wallet.ts"
// Sign-in's actions (their flows load with core's SIWX part); the configurations are in `airlock-kit/siwx`.
export {
  cancelSignIn,
  confirmEmailCapture,
  getSiwxSessions,
  requestEmailCapture,
  requestSignIn,
  resendEmailCapture,
  signOut,
  skipEmailCapture
} from "./siwx/actions.ts"
// Service tags for Effect users are in `airlock-kit/effect` (kept off this entry's first load).
export type { AirlockEvent, AirlockState, Alert, WalletsState } from "./state/AirlockState.ts"
export { type ConnectionEntry, selectConnections } from "./state/connections.ts"
export {
  type NameCheck,
  type NameRegistrationStep,
  type NameRegistrationView,
  type NameSuggestionView,
  type NamesState,
  selectNameRegistration
} from "./state/names.ts"
export type { ResourceEntry, ResourceError } from "./state/ResourceEntry.ts"
export type { Equals } from "./state/Store.ts"
export {
  type AllWalletsEntry,
  type ConnectSection,
  type ConnectView,
  connectSectionLabels,
  selectAllWallets,
  selectConnectorStatus,
  selectConnectView,
  selectWalletConnectWallet
} from "./state/selectors.ts"
export {
  type SendFailure,
  type SendFormState,
  type SendState,
  type SendStep,
  sendTokenKey
} from "./state/send.ts"
export type { SiwxSessionInfo, SiwxState, SiwxStatus } from "./state/siwx.ts"
export {
  filterSwapTokens,
  type SwapFailure,
  type SwapFailureReason,
  type SwapProblem,
  type SwapStep,
  type SwapTokenView,
  type SwapView,
  selectSwap
} from "./state/swap.ts"
export { defaultThemeVariables, type ThemeMode, type ThemeVariables } from "./state/theme.ts"
export {
  selectWalletConnectOffer,
  selectWalletList,
  type WalletConnectOffer,
  type WalletList,
  type WalletRow,
  type WalletRowKind,
  type WalletTarget
} from "./state/walletList.ts"
