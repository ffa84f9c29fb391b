/**
 * `airlock-kit/solana`: the Solana adapter. Browser wallets that implement the Wallet Standard and serve a Solana chain
 * become connectors from the page's first moments (found with the standard's own `@wallet-standard/app`, fetched right
 * after start so it stays off the first load); connecting,
 * signing, sending and account events load on demand (`implementation.ts`, a chunk of its own, built on
 * `@solana/kit`). `getSolanaSigner` (from `airlock-kit/solana/signer`… see `signer.ts`) hands the connected wallet to kit
 * as a transaction signer.
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { mainnet, solana as solanaMainnet } from "airlock-kit/networks"
 * import { evm } from "airlock-kit/evm"
 * import { solana } from "airlock-kit/solana"
 *
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({
 *   projectId: "airlock-demo",
 *   networks: [mainnet, solanaMainnet],
 *   adapters: [evm(), solana()],
 *   endpoints: { walletApi: api, blockchainApi: api }
 * })
 * ```
 * @module
 */
import type { Wallet } from "@wallet-standard/base"
import type { AirlockAdapter } from "../../core/adapter/AirlockAdapter.ts"
import type { AirlockClient } from "../../core/client/types.ts"
import type { ConnectorData } from "../../core/schema/connector.ts"

export { getSolanaSigner, type SolanaSigner } from "./signer.ts"

import type { AirlockWalletOptions } from "./standardWallet.ts"

export type { AirlockWalletOptions } from "./standardWallet.ts"

/** Options of {@link solana}. */
export interface SolanaAdapterOptions {
  /**
   * Which Wallet Standard wallets to list, by name (e.g. to leave out a wallet the app does not support). @default
   * every wallet with a Solana chain and `standard:connect`
   */
  readonly filter?: ((wallet: Wallet) => boolean) | undefined
}

/**
 * Whether a Wallet Standard wallet can connect on Solana: a `solana:` chain and the connect feature. Airlock's own
 * wallet ({@link registerAirlockWallet}) is not one: it is the app's connection itself.
 */
export const isSolanaWallet = (wallet: Wallet): boolean =>
  typeof wallet?.name === "string" &&
  wallet.name.length > 0 &&
  Array.isArray(wallet.chains) &&
  wallet.chains.some((chain) => typeof chain === "string" && chain.startsWith("solana:")) &&
  typeof wallet.features === "object" &&
  wallet.features !== null &&
  "standard:connect" in wallet.features &&
  !("airlock:wallet" in wallet.features)

/**
 * Lists Airlock's connected Solana account as a Wallet Standard wallet named "Airlock" (or `options.name`), so an app
 * on `@solana/wallet-adapter-react` (or any Wallet Standard app) lists it and uses it with no Airlock-specific code.
 * Registered at once, connected or not, as browser wallets are: its account is the solana namespace's connection
 * (the embedded wallet's Solana account, a WalletConnect phone's) and follows it; `standard:connect` without a
 * connection opens Airlock's modal on Solana and fails with 'Connection rejected' (code 4001) when it closes first.
 * `solana:signMessage`, `signTransaction`, `signAndSendTransaction` and `signIn` go through `airlock.request`, so
 * SPEC §5's rules and the embedded wallet's ApproveTransaction apply. Its code loads on demand; the returned function
 * unregisters it.
 * @example
 * ```ts
 * import { registerAirlockWallet } from "airlock-kit/solana"
 * const unregister = registerAirlockWallet(airlock)
 * ```
 */
export const registerAirlockWallet = (airlock: AirlockClient, options: AirlockWalletOptions = {}): (() => void) => {
  let stopped = false
  let stop = () => {}
  import("./standardWallet.ts").then(
    (m) => {
      if (!stopped) stop = m.registerAirlockWalletNow(airlock, options)
    },
    (error: unknown) => console.warn("Airlock: the Wallet Standard wallet could not load", error)
  )
  return () => {
    stopped = true
    stop()
  }
}

/**
 * A wallet as a connector: its name is its id (the Wallet Standard makes names unique), `ANNOUNCED` like an EIP-6963
 * wallet (SPEC §3), on the `solana` namespace.
 */
export const connectorOf = (wallet: Wallet): ConnectorData => ({
  id: wallet.name.slice(0, 100),
  type: "ANNOUNCED",
  name: wallet.name.slice(0, 100),
  chain: "solana",
  ...(typeof wallet.icon === "string" ? { imageUrl: wallet.icon, info: { icon: wallet.icon } } : {})
})

/**
 * The Solana adapter descriptor for `createAirlock({ adapters: [solana()] })`.
 *
 * @example
 * ```ts
 * import { solana } from "airlock-kit/solana"
 * const adapter = solana({ filter: (wallet) => wallet.name !== "Some Wallet" })
 * ```
 */
export const solana = (options: SolanaAdapterOptions = {}): AirlockAdapter => {
  // The live wallets, by connector id: shared with the implementation, never put into the state.
  const wallets = new Map<string, Wallet>()
  return {
    namespace: "solana",
    watchConnectors: (onChange) => {
      if (typeof window === "undefined") return () => {}
      let stopped = false
      let stop = () => {}
      // The standard's registry is fetched right after start, off the first load: a wallet that registered before the
      // app listened registers again when the registry announces the app is ready (the standard's handshake).
      void import("@wallet-standard/app").then(
        ({ getWallets }) => {
          if (stopped) return
          const registry = getWallets()
          const publish = () => {
            wallets.clear()
            for (const wallet of registry.get()) {
              try {
                if (!isSolanaWallet(wallet) || (options.filter !== undefined && !options.filter(wallet))) continue
                wallets.set(connectorOf(wallet).id, wallet)
              } catch (error) {
                console.warn("Airlock: ignored a malformed Wallet Standard wallet", error)
              }
            }
            onChange([...wallets.values()].map(connectorOf))
          }
          const offRegister = registry.on("register", publish)
          const offUnregister = registry.on("unregister", publish)
          stop = () => {
            offRegister()
            offUnregister()
          }
          publish()
        },
        (error: unknown) => console.warn("Airlock: Wallet Standard discovery could not load", error)
      )
      return () => {
        stopped = true
        stop()
      }
    },
    load: (context) => import("./implementation.ts").then((m) => m.makeSolanaImplementation(wallets, context))
  }
}
