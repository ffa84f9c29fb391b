/**
 * `airlock`: the headless core. Create a client with {@link createAirlock}; read its state with `getState`,
 * `subscribe` and `watch`; drive it with `open`, `close`, `switchNetwork`, `disconnect`.
 * @module
 */

export * from "./anatomy/index.ts"
export type { AirlockAdapter, AirlockOptions, Metadata } from "./client/AirlockOptions.ts"
export { type AirlockServices, createAirlock } from "./client/createAirlock.ts"
export type { AirlockClient, CoreServices, OpenParameters } from "./client/types.ts"
export * from "./errors/index.ts"
export type { RouterState, SnackMessage, View } from "./router/index.ts"
export { VIEWS } from "./router/index.ts"
export type { ResolvedFeatures } from "./rules/features.ts"
export type { AccountState, ConnectionStatus } from "./schema/account.ts"
export type { Connection, Connector, ConnectorType } from "./schema/connector.ts"
export type { ChainNamespace } from "./schema/namespace.ts"
export type { CaipAddress, CaipNetwork, CaipNetworkId } from "./schema/network.ts"
export type { WalletListing } from "./schema/wallet.ts"
export type { AirlockEvent, AirlockState, Alert, WalletsState } from "./state/AirlockState.ts"
export type { Equals } from "./state/Store.ts"
export { type ConnectSection, type ConnectView, selectConnectorStatus, selectConnectView } from "./state/selectors.ts"
export { defaultThemeVariables, type ThemeMode, type ThemeVariables } from "./state/theme.ts"
