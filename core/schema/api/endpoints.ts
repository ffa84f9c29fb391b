import {
  AddressParams,
  BalanceQuery,
  BalanceResponse,
  FungiblePriceBody,
  FungiblePriceResponse,
  HistoryQuery,
  HistoryResponse,
  IdentityQuery,
  IdentityResponse,
  SupportedChains
} from "./account.ts"
import {
  BuildApproveQuery,
  BuildApproveResponse,
  BuildTransactionBody,
  BuildTransactionResponse,
  GasPriceQuery,
  GasPriceResponse,
  SwapAllowanceQuery,
  SwapAllowanceResponse,
  SwapQuoteQuery,
  SwapQuoteResponse,
  SwapTokensQuery,
  SwapTokensResponse
} from "./convert.ts"
import { type EndpointDef, endpoint } from "./endpoint.ts"
import { NftsQuery, NftsResponse } from "./nfts.ts"
import {
  OnrampOptions,
  OnrampOrder,
  OnrampOrderParams,
  OnrampQuoteBody,
  OnrampQuoteResponse,
  OnrampUrlBody,
  OnrampUrlResponse
} from "./onramp.ts"
import {
  NameLookupQuery,
  NameLookupResponse,
  NameParams,
  NameSuggestionsQuery,
  NameSuggestionsResponse,
  RegisterNameBody,
  RegisterNameResponse,
  ReverseLookupQuery,
  ReverseLookupResponse
} from "./profile.ts"
import { RevokeSessionBody, RevokeSessionResponse, SessionsResponse } from "./sessions.ts"
import {
  AllowedOrigins,
  AnalyticsConfig,
  GetWalletsQuery,
  ImageParams,
  ProjectConfig,
  WalletsPage
} from "./walletApi.ts"

/**
 * Every call of SPEC §7 to the wallet API and the blockchain API, with its wire schemas: the single source of truth for
 * `WalletApi`, `BlockchainApi` and the sandbox API server. Every call also carries `CommonQuery`.
 * @example
 * ```ts
 * import { fillPath } from "./endpoint.ts"
 * const { method, path } = endpoints.identity // "GET", "/v1/identity/{address}"
 * fillPath(path, { address: "0xabc" }) // "/v1/identity/0xabc"
 * ```
 */
export const endpoints = {
  // -- wallet API ------------------------------------------------------------
  projectConfig: endpoint({ api: "walletApi", method: "GET", path: "/appkit/v1/config", response: ProjectConfig }),
  allowedOrigins: endpoint({ api: "walletApi", method: "GET", path: "/projects/v1/origins", response: AllowedOrigins }),
  getWallets: endpoint({
    api: "walletApi",
    method: "GET",
    path: "/getWallets",
    query: GetWalletsQuery,
    response: WalletsPage
  }),
  analyticsConfig: endpoint({
    api: "walletApi",
    method: "GET",
    path: "/getAnalyticsConfig",
    response: AnalyticsConfig
  }),
  walletImage: endpoint({ api: "walletApi", method: "GET", path: "/getWalletImage/{id}", params: ImageParams }),
  assetImage: endpoint({ api: "walletApi", method: "GET", path: "/public/getAssetImage/{id}", params: ImageParams }),
  currencyImage: endpoint({
    api: "walletApi",
    method: "GET",
    path: "/public/getCurrencyImage/{id}",
    params: ImageParams
  }),
  tokenImage: endpoint({ api: "walletApi", method: "GET", path: "/public/getTokenImage/{id}", params: ImageParams }),

  // -- blockchain API: account data ------------------------------------------
  supportedChains: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/supported-chains",
    response: SupportedChains
  }),
  identity: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/identity/{address}",
    params: AddressParams,
    query: IdentityQuery,
    response: IdentityResponse
  }),
  history: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/account/{address}/history",
    params: AddressParams,
    query: HistoryQuery,
    response: HistoryResponse
  }),
  // Airlock's extension of the blockchain API (docs/api-extensions.md): SPEC names NFTs but not their endpoint.
  nfts: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/account/{address}/nfts",
    params: AddressParams,
    query: NftsQuery,
    response: NftsResponse
  }),
  balance: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/account/{address}/balance",
    params: AddressParams,
    query: BalanceQuery,
    response: BalanceResponse
  }),
  fungiblePrice: endpoint({
    api: "blockchainApi",
    method: "POST",
    path: "/v1/fungible/price",
    body: FungiblePriceBody,
    response: FungiblePriceResponse
  }),

  // -- blockchain API: swaps -------------------------------------------------
  swapQuotes: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/convert/quotes",
    query: SwapQuoteQuery,
    response: SwapQuoteResponse
  }),
  swapTokens: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/convert/tokens",
    query: SwapTokensQuery,
    response: SwapTokensResponse
  }),
  swapAllowance: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/convert/allowance",
    query: SwapAllowanceQuery,
    response: SwapAllowanceResponse
  }),
  gasPrice: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/convert/gas-price",
    query: GasPriceQuery,
    response: GasPriceResponse
  }),
  buildTransaction: endpoint({
    api: "blockchainApi",
    method: "POST",
    path: "/v1/convert/build-transaction",
    body: BuildTransactionBody,
    response: BuildTransactionResponse
  }),
  buildApprove: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/convert/build-approve",
    query: BuildApproveQuery,
    response: BuildApproveResponse
  }),

  // -- blockchain API: names -------------------------------------------------
  nameLookup: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/profile/account/{name}",
    params: NameParams,
    query: NameLookupQuery,
    response: NameLookupResponse
  }),
  reverseLookup: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/profile/reverse/{address}",
    params: AddressParams,
    query: ReverseLookupQuery,
    response: ReverseLookupResponse
  }),
  nameSuggestions: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/profile/suggestions/{name}",
    params: NameParams,
    query: NameSuggestionsQuery,
    response: NameSuggestionsResponse
  }),
  registerName: endpoint({
    api: "blockchainApi",
    method: "POST",
    path: "/v1/profile/account",
    body: RegisterNameBody,
    response: RegisterNameResponse
  }),

  // -- blockchain API: onramp ------------------------------------------------
  onrampUrl: endpoint({
    api: "blockchainApi",
    method: "POST",
    path: "/v1/generators/onrampurl",
    body: OnrampUrlBody,
    response: OnrampUrlResponse
  }),
  onrampOptions: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/onramp/options",
    response: OnrampOptions
  }),
  onrampQuote: endpoint({
    api: "blockchainApi",
    method: "POST",
    path: "/v1/onramp/quote",
    body: OnrampQuoteBody,
    response: OnrampQuoteResponse
  }),
  // Airlock's extension (docs/api-extensions.md): the order a generated URL opened.
  onrampOrder: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/onramp/orders/{orderId}",
    params: OnrampOrderParams,
    response: OnrampOrder
  }),

  // -- blockchain API: smart sessions ----------------------------------------
  sessions: endpoint({
    api: "blockchainApi",
    method: "GET",
    path: "/v1/sessions/{address}",
    params: AddressParams,
    response: SessionsResponse
  }),
  revokeSession: endpoint({
    api: "blockchainApi",
    method: "POST",
    path: "/v1/sessions/{address}/revoke",
    params: AddressParams,
    body: RevokeSessionBody,
    response: RevokeSessionResponse
  })
} as const satisfies Readonly<Record<string, EndpointDef>>

/** The name of one endpoint in the `endpoints` table. */
export type EndpointName = keyof typeof endpoints
