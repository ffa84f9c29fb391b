// The shape and constants of the blockchain API, apart from the service tag, so that the live and memory
// implementations import them without importing the module that imports them (no import cycle).
import type * as Effect from "effect/Effect"
import type { AccountDataError, ChainError, NameError } from "../errors/catalogue.ts"
import type {
  BalanceResponse,
  FungiblePriceResponse,
  HistoryResponse,
  IdentityResponse,
  SupportedChains
} from "../schema/api/account.ts"
import type {
  BuildApproveQuery,
  BuildApproveResponse,
  BuildTransactionResponse,
  GasPriceResponse,
  SwapAllowanceQuery,
  SwapAllowanceResponse,
  SwapQuoteQuery,
  SwapQuoteResponse,
  SwapTokensResponse
} from "../schema/api/convert.ts"
import type { NftsResponse } from "../schema/api/nfts.ts"
import type {
  DestinationWallet,
  OnrampOptions,
  OnrampOrder,
  OnrampQuoteBody,
  OnrampUrlResponse
} from "../schema/api/onramp.ts"
import type { SmartSession } from "../schema/api/sessions.ts"
import type { NameRecord, NameSuggestion } from "../schema/names.ts"
import type { OnrampQuote } from "../schema/onramp.ts"
import type { ApiCallError } from "./http.ts"

/** Cache lifetimes of SPEC §9, and the pause after a failed balance fetch. */
export const blockchainCacheTtl = {
  balance: "30 seconds",
  names: "5 minutes",
  identity: "5 minutes",
  history: "15 seconds",
  nfts: "30 seconds",
  tokenPrice: "15 seconds",
  balanceRetry: "30 seconds"
} as const

/** The swap slippage tolerance sent with every swap build (SPEC §9). */
export const swapSlippageTolerance = 1

/** The name zone suggestions are made in unless the caller names another. */
export { defaultNameZone } from "../rules/names.ts"

/** Parameters of `buildSwapTransaction`: CAIP-10 token addresses and a base-unit amount. */
export interface BuildSwapTransactionParams {
  readonly amount: string
  readonly from: string
  readonly to: string
  readonly userAddress: string
  readonly disableEstimate?: boolean | undefined
}

/** Parameters of `registerName`; `name` only names the error, the signed `message` carries it to the API. */
export interface RegisterNameParams {
  readonly name: string
  readonly coinType: number
  readonly address: string
  readonly message: string
  readonly signature: string
}

/** Parameters of `getOnrampUrl`. */
export interface OnrampUrlParams {
  readonly destinationWallets: ReadonlyArray<DestinationWallet>
  readonly partnerUserId: string
  readonly defaultNetwork?: string | undefined
  readonly purchaseAmount?: number | undefined
  readonly paymentAmount?: number | undefined
  /** The fiat currency of `paymentAmount` (Airlock's extension, docs/api-extensions.md). */
  readonly paymentCurrency?: string | undefined
  /** The payment method chosen, a `payment_method_limits` id (Airlock's extension). */
  readonly paymentMethod?: string | undefined
  /** The onramp provider chosen (Airlock's extension). */
  readonly provider?: string | undefined
}

/**
 * Every call of the blockchain API (SPEC §7). Each first checks that the active network is one the API supports; when
 * it is not, the call answers its empty result without any request (gas price and swap builds fail with their
 * 'Network not supported for …' text instead, and the balance with 'Token Balance Unavailable').
 */
export interface BlockchainApiShape {
  /** Networks the API serves; fetched once, and again after a failure (which answers empty lists). */
  readonly getSupportedChains: Effect.Effect<SupportedChains>
  /** Whether the API serves this network over HTTP. */
  readonly isNetworkSupported: (caipNetworkId: string | undefined) => Effect.Effect<boolean>
  /** Name and avatar of an address; cached 5 minutes. */
  readonly getIdentity: (params: {
    readonly address: string
    readonly sender?: string | undefined
  }) => Effect.Effect<IdentityResponse, ApiCallError>
  /** One page of history; cached 15 s (`fresh` skips the cache). Fails with 'Failed to fetch transactions'. */
  readonly getTransactions: (params: {
    readonly address: string
    readonly chainId?: string | undefined
    readonly cursor?: string | undefined
    /** Ask the API even when a cached page is fresh (after a send). */
    readonly fresh?: boolean | undefined
  }) => Effect.Effect<HistoryResponse, AccountDataError>
  /**
   * One page of the account's NFTs (Airlock's extension, docs/api-extensions.md); cached 30 s (`fresh` skips the
   * cache). Fails with 'Failed to fetch NFTs'.
   */
  readonly getNfts: (params: {
    readonly address: string
    readonly chainId: string
    readonly cursor?: string | undefined
    readonly fresh?: boolean | undefined
  }) => Effect.Effect<NftsResponse, AccountDataError>
  /**
   * Token balances in USD; cached 30 s per `chainId:address`. Fails with 'Token Balance Unavailable'; for 30 s after
   * such a failure it fails the same way without asking again.
   */
  readonly getBalance: (params: {
    readonly address: string
    readonly chainId: string
    readonly forceUpdate?: string | undefined
    /** Ask the API even when a cached answer is fresh (after a send); the retry block still applies. */
    readonly fresh?: boolean | undefined
  }) => Effect.Effect<BalanceResponse, AccountDataError>
  /** Prices of tokens (CAIP-10 addresses); cached 15 s. */
  readonly getTokenPrice: (params: {
    readonly addresses: ReadonlyArray<string>
    /** @default "usd" */
    readonly currency?: string | undefined
  }) => Effect.Effect<FungiblePriceResponse, ApiCallError>
  readonly getSwapQuote: (params: SwapQuoteQuery) => Effect.Effect<SwapQuoteResponse, ApiCallError>
  readonly getSwapTokens: (params: {
    readonly chainId?: string | undefined
  }) => Effect.Effect<SwapTokensResponse, ApiCallError>
  readonly getSwapAllowance: (params: SwapAllowanceQuery) => Effect.Effect<SwapAllowanceResponse, ApiCallError>
  /** Fails with 'Network not supported for Gas Price' off the supported networks. */
  readonly getGasPrice: (params: {
    readonly chainId: string
  }) => Effect.Effect<GasPriceResponse, ApiCallError | ChainError>
  /** Fails with 'Network not supported for Swaps' off the supported networks. */
  readonly buildSwapTransaction: (
    params: BuildSwapTransactionParams
  ) => Effect.Effect<BuildTransactionResponse, ApiCallError | ChainError>
  /** Fails with 'Network not supported for Swaps' off the supported networks. */
  readonly buildApproveTransaction: (
    params: BuildApproveQuery
  ) => Effect.Effect<BuildApproveResponse, ApiCallError | ChainError>
  /** The record of a name, `undefined` when it is not registered; cached 5 minutes. 'Error resolving name'. */
  readonly lookupName: (name: string) => Effect.Effect<NameRecord | undefined, NameError>
  /** Names pointing to an address; cached 5 minutes. 'Error fetching names for address'. */
  readonly reverseLookupName: (params: {
    readonly address: string
    readonly sender?: string | undefined
  }) => Effect.Effect<ReadonlyArray<NameRecord>, NameError>
  /** 'Error fetching name suggestions'. */
  readonly getNameSuggestions: (params: {
    readonly name: string
    /** @default defaultNameZone */
    readonly zone?: string | undefined
  }) => Effect.Effect<ReadonlyArray<NameSuggestion>, NameError>
  /** The API's first reason when it gives one (SPEC §8), else 'Error registering name {name}'. */
  readonly registerName: (params: RegisterNameParams) => Effect.Effect<boolean, NameError>
  /** The onramp provider page; the empty string off the supported networks. */
  readonly getOnrampUrl: (params: OnrampUrlParams) => Effect.Effect<string, ApiCallError>
  /** The provider page and, where the API follows orders (Airlock's extension), its order id; `{ url: "" }` off the supported networks. */
  readonly generateOnrampUrl: (params: OnrampUrlParams) => Effect.Effect<OnrampUrlResponse, ApiCallError>
  /** An onramp order's status (Airlock's extension, `GET /v1/onramp/orders/{orderId}`). */
  readonly getOnrampOrder: (orderId: string) => Effect.Effect<OnrampOrder, ApiCallError>
  /** Currencies of the onramp; on failure the built-in USD, EUR, USDC and ETH defaults. */
  readonly getOnrampOptions: Effect.Effect<OnrampOptions>
  /** A quote; on failure a placeholder equal to the input amount; `undefined` off the supported networks. */
  readonly getOnrampQuote: (params: OnrampQuoteBody) => Effect.Effect<OnrampQuote | undefined>
  /** Smart sessions of a CAIP-10 address. */
  readonly getSessions: (address: string) => Effect.Effect<ReadonlyArray<SmartSession>, ApiCallError>
  /** Revokes a smart session; `false` off the supported networks. */
  readonly revokeSession: (params: {
    readonly address: string
    readonly pci: string
    readonly signature: string
  }) => Effect.Effect<boolean, ApiCallError>
}
