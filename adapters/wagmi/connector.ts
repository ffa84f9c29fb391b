import type { Chain } from "viem"
import type { AirlockClient } from "../../core/client/types.ts"
import type { AirlockState } from "../../core/state/AirlockState.ts"

/** An EVM address as wagmi types it. */
type Address = `0x${string}`

/**
 * The part of the configuration wagmi hands a connector that this one uses: the same in wagmi 2 and 3, so the
 * connector is typed without importing `@wagmi/core` (nothing of wagmi is loaded by this module).
 */
export interface WagmiConnectorConfig {
  readonly chains: readonly [Chain, ...Array<Chain>]
  readonly emitter: {
    emit(event: "change", data: { accounts?: ReadonlyArray<Address> | undefined; chainId?: number | undefined }): void
    emit(event: "connect", data: { accounts: ReadonlyArray<Address>; chainId: number }): void
    emit(event: "disconnect"): void
  }
}

/** What `connect` is given: wagmi 2 passes `chainId` and `isReconnecting`, wagmi 3 adds `withCapabilities`. */
export interface WagmiConnectParameters<withCapabilities extends boolean = false> {
  readonly chainId?: number | undefined
  readonly isReconnecting?: boolean | undefined
  readonly withCapabilities?: withCapabilities | boolean | undefined
}

/**
 * The connector wagmi sets up from {@link airlock}: wagmi 2's and wagmi 3's connector contract. A type alias, not an
 * interface: wagmi's connector type has an index signature (its `properties`), which only an alias satisfies.
 */
export type AirlockWagmiConnector = {
  readonly id: string
  readonly name: string
  readonly type: "airlock"
  readonly icon?: string | undefined
  setup(): Promise<void>
  connect<withCapabilities extends boolean = false>(
    parameters?: WagmiConnectParameters<withCapabilities> | undefined
  ): Promise<{
    accounts: withCapabilities extends true
      ? ReadonlyArray<{ address: Address; capabilities: Record<string, unknown> }>
      : ReadonlyArray<Address>
    chainId: number
  }>
  disconnect(): Promise<void>
  getAccounts(): Promise<ReadonlyArray<Address>>
  getChainId(): Promise<number>
  getProvider(parameters?: { chainId?: number | undefined } | undefined): Promise<unknown>
  isAuthorized(): Promise<boolean>
  switchChain(parameters: { chainId: number }): Promise<Chain>
  onAccountsChanged(accounts: Array<string>): void
  onChainChanged(chainId: string): void
  onDisconnect(error?: Error | undefined): void
}

/** Options of {@link airlock}. */
export interface AirlockWagmiOptions {
  /** The connector's id in wagmi (its `recentConnectorId` in wagmi's storage). @default "airlock" */
  readonly id?: string | undefined
  /** The connector's name, as a wagmi connect list shows it. @default "Airlock" */
  readonly name?: string | undefined
  /** The connector's icon URL. */
  readonly icon?: string | undefined
}

/** The client members the connector uses. */
export type AirlockWagmiClient = Pick<
  AirlockClient,
  "ready" | "getState" | "watch" | "open" | "disconnect" | "getProvider" | "switchNetwork"
>

/** The EVM connection as the connector reads it from Airlock's state. */
interface EvmView {
  readonly status: "disconnected" | "connecting" | "connected"
  readonly accounts: ReadonlyArray<Address>
  readonly chainId: number | undefined
}

const sameView = (a: EvmView, b: EvmView): boolean =>
  a.status === b.status &&
  a.chainId === b.chainId &&
  a.accounts.length === b.accounts.length &&
  a.accounts.every((account, i) => account === b.accounts[i])

const isAddress = (value: unknown): value is Address => typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value)

/** The eip155 account, its other listed accounts and the active EVM network's id. */
const readEvm = (state: AirlockState): EvmView => {
  const account = state.accounts.eip155
  const network = state.activeNetworks.eip155
  const chainId = network === undefined ? undefined : Number(network.id)
  const accounts: Array<Address> = []
  if (account.status === "connected" && isAddress(account.address)) {
    accounts.push(account.address)
    const active = state.activeConnectorIds.eip155
    const connection = state.connections.eip155?.find((c) => c.connectorId === active)
    for (const other of connection?.accounts ?? []) {
      if (isAddress(other.address) && !accounts.some((a) => a.toLowerCase() === other.address.toLowerCase())) {
        accounts.push(other.address)
      }
    }
  }
  return {
    status: account.status === "connected" && accounts.length === 0 ? "disconnected" : account.status,
    accounts,
    chainId: Number.isSafeInteger(chainId) ? chainId : undefined
  }
}

/** An error wagmi and viem read as the user's refusal (EIP-1193 4001). */
class UserRejectedError extends Error {
  readonly code = 4001
  constructor(message: string) {
    super(message)
    this.name = "UserRejectedRequestError"
  }
}

/** The error wagmi's `switchChain` gets for a chain that is not one of Airlock's networks. */
class ChainNotConfiguredError extends Error {
  readonly code = 4902
  constructor(chainId: number) {
    super(`Chain ${chainId} is not one of Airlock's networks.`)
    this.name = "ChainNotConfiguredError"
  }
}

/**
 * A wagmi connector (wagmi 2 or 3) for all of Airlock: `connect` opens Airlock's modal and resolves with the wallet
 * the user chose there (browser extension, WalletConnect or the embedded wallet); `getProvider` is that connection's
 * EIP-1193 provider; accounts, chain and disconnect follow Airlock both ways; `switchChain` goes through Airlock's
 * `switchNetwork`; wagmi's `reconnect` restores Airlock's stored session.
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { evm } from "airlock-kit/evm"
 * import { mainnet } from "airlock-kit/networks"
 * import { airlock } from "airlock-kit/wagmi"
 *
 * const api = "http://127.0.0.1:4400"
 * const client = createAirlock({ projectId: "airlock-demo", networks: [mainnet], adapters: [evm()], endpoints: { walletApi: api, blockchainApi: api } })
 * const connector = airlock(client) // createConfig({ connectors: [connector], … })
 * ```
 */
export const airlock =
  (client: AirlockWagmiClient, options: AirlockWagmiOptions = {}) =>
  (config: WagmiConnectorConfig): AirlockWagmiConnector => {
    let last: EvmView = readEvm(client.getState())
    let stopWatching: (() => void) | undefined
    /** Set while wagmi's own connect runs: its result reports the connection, not a `connect` event. */
    let connecting = false

    const onChange = (next: EvmView) => {
      const previous = last
      last = next
      if (next.status === "connecting") return
      if (previous.status !== "connected" && next.status === "connected") {
        if (!connecting && next.chainId !== undefined) {
          config.emitter.emit("connect", { accounts: next.accounts, chainId: next.chainId })
        }
        return
      }
      if (previous.status === "connected" && next.status !== "connected") {
        config.emitter.emit("disconnect")
        return
      }
      if (next.status !== "connected") return
      const accountsChanged =
        previous.accounts.length !== next.accounts.length || previous.accounts.some((a, i) => a !== next.accounts[i])
      if (accountsChanged) config.emitter.emit("change", { accounts: next.accounts })
      if (previous.chainId !== next.chainId && next.chainId !== undefined) {
        config.emitter.emit("change", { chainId: next.chainId })
      }
    }

    const watch = () => {
      if (stopWatching !== undefined) return
      last = readEvm(client.getState())
      stopWatching = client.watch(readEvm, onChange, sameView)
    }

    /** Resolves with the first state `done` accepts (checked at once too). */
    const until = (done: (state: AirlockState) => boolean): Promise<AirlockState> =>
      new Promise((resolve) => {
        const now = client.getState()
        if (done(now)) return resolve(now)
        const stop = client.watch(
          (state) => state,
          (state) => {
            if (!done(state)) return
            stop()
            resolve(state)
          }
        )
      })

    const fallbackChainId = () => config.chains[0].id

    const connector: AirlockWagmiConnector = {
      id: options.id ?? "airlock",
      name: options.name ?? "Airlock",
      type: "airlock",
      icon: options.icon,
      async setup() {
        watch()
      },
      async connect<withCapabilities extends boolean = false>(
        parameters: WagmiConnectParameters<withCapabilities> = {}
      ) {
        watch()
        await client.ready
        let view = readEvm(client.getState())
        if (view.status !== "connected") {
          if (parameters.isReconnecting === true) throw new Error("Airlock has no EVM connection to restore.")
          connecting = true
          try {
            await client.open({ namespace: "eip155" })
            // The modal's connect ends with a connection (the modal closes itself, or goes on to a sign-in step when
            // SIWX asks for one), or the user closes the modal without one.
            const state = await until(
              (s) =>
                readEvm(s).status === "connected" ||
                s.status === "destroyed" ||
                (!s.modal.open && readEvm(s).status !== "connecting")
            )
            view = readEvm(state)
            if (view.status !== "connected") throw new UserRejectedError("The user closed Airlock without connecting.")
          } finally {
            connecting = false
          }
        }
        last = view
        let chainId = view.chainId ?? fallbackChainId()
        if (parameters.chainId !== undefined && parameters.chainId !== chainId) {
          chainId = (await connector.switchChain({ chainId: parameters.chainId })).id
        }
        const accounts = (
          parameters.withCapabilities === true
            ? view.accounts.map((address) => ({ address, capabilities: {} }))
            : view.accounts
        ) as withCapabilities extends true
          ? ReadonlyArray<{ address: Address; capabilities: Record<string, unknown> }>
          : ReadonlyArray<Address>
        return { accounts, chainId }
      },
      async disconnect() {
        // wagmi removes the connection itself; Airlock's own disconnect then needs no event back.
        last = { status: "disconnected", accounts: [], chainId: last.chainId }
        await client.disconnect("eip155")
      },
      async getAccounts() {
        return readEvm(client.getState()).accounts
      },
      async getChainId() {
        return readEvm(client.getState()).chainId ?? fallbackChainId()
      },
      async getProvider() {
        await client.ready
        return client.getProvider("eip155")
      },
      async isAuthorized() {
        await client.ready
        return readEvm(client.getState()).status === "connected"
      },
      async switchChain({ chainId }) {
        const network = client
          .getState()
          .networks.find((n) => n.chainNamespace === "eip155" && Number(n.id) === chainId)
        if (network === undefined) throw new ChainNotConfiguredError(chainId)
        // Airlock's rules: the wallet moves first (adding the chain when it does not know it).
        await client.switchNetwork(network)
        const chain = config.chains.find((c) => c.id === chainId)
        return chain ?? (network as unknown as Chain)
      },
      onAccountsChanged(accounts) {
        const valid = accounts.filter(isAddress)
        if (valid.length === 0) connector.onDisconnect()
        else config.emitter.emit("change", { accounts: valid })
      },
      onChainChanged(chainId) {
        const id = Number(chainId)
        if (Number.isSafeInteger(id)) config.emitter.emit("change", { chainId: id })
      },
      onDisconnect() {
        config.emitter.emit("disconnect")
      }
    }
    return connector
  }
