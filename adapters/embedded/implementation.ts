/**
 * The embedded wallet's code, loaded on first need: the adapter contract over core's Frame service. The login itself
 * (email, code, socials) is core's (`core/flows/embedded/`); once the frame holds a session, `connect` reads the
 * user and core writes the connection like any wallet's. Requests go to the frame as `RPC_REQUEST`s (core asked the
 * user first, in ApproveTransaction); reads, transfers and balances use the app's own RPC through the EVM adapter's
 * code.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import type { AdapterContext } from "../../core/adapter/AdapterContext.ts"
import type {
  AdapterConnection,
  AdapterEvents,
  AdapterImplementation
} from "../../core/adapter/AdapterImplementation.ts"
import { ConnectionError } from "../../core/errors/catalogue.ts"
import type { EmbeddedUser } from "../../core/schema/embedded.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"
import type { EmbeddedOptions } from "./options.ts"

/** The login's name to show: the email, else the social user name (core trims a Discord one). */
const nameOf = (user: EmbeddedUser): string | undefined => {
  if (typeof user.email === "string") return user.email
  const username = user.username ?? user.userName ?? undefined
  return typeof username === "string" ? username : undefined
}

/**
 * The user as a connection: the active account first, with the login core writes into the account. With the app's
 * Solana network (`solana`) and the user's Solana account, the same login connects the solana namespace too.
 */
export const connectionOf = (connectorId: string, user: EmbeddedUser, solana?: CaipNetwork): AdapterConnection => {
  const accounts = user.accounts ?? []
  const name = nameOf(user)
  return {
    connectorId,
    accounts: [user.address, ...accounts.map((a) => a.address).filter((a) => a !== user.address)],
    chainId: typeof user.chainId === "number" ? user.chainId : Number(String(user.chainId).split(":").at(-1)),
    ...(solana === undefined || user.solanaAddress === undefined
      ? {}
      : { namespaces: { solana: { accounts: [user.solanaAddress], chainId: solana.id } } }),
    auth: {
      user: {
        ...(user.email === undefined ? {} : { email: user.email }),
        ...(user.username === undefined && user.userName === undefined
          ? {}
          : { username: user.username ?? user.userName ?? null }),
        accounts
      },
      ...(user.preferredAccountType === undefined ? {} : { preferredAccountType: user.preferredAccountType }),
      ...(user.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: user.smartAccountDeployed }),
      ...(name === undefined ? {} : { name })
    }
  }
}

/** Methods that send a transaction (the smart account deploys with its first one). */
const sendingMethods = new Set(["eth_sendTransaction", "wallet_sendCalls", "eth_sendUserOperation"])

/** A refusal the frame reports ('Connection rejected', a user rejection) as EIP-1193's 4001. */
const asWalletError = (error: unknown): unknown => {
  const message = error instanceof Error ? error.message : String(error)
  return /reject/i.test(message) ? Object.assign(new Error(message), { code: 4001, cause: error }) : error
}

/**
 * The implementation over the client's frame.
 * @example
 * ```ts
 * const implementation = await makeEmbeddedImplementation(
 *   { projectId: "airlock-demo", endpoints: { walletApi: "", blockchainApi: "", frame: "http://127.0.0.1:4410" } },
 *   { defaultAccountType: "eoa" }
 * ) // rejects 'No auth connector found' outside a client whose runtime has the frame
 * ```
 */
export const makeEmbeddedImplementation = async (
  context: AdapterContext,
  options: EmbeddedOptions
): Promise<AdapterImplementation> => {
  const client = await context.frame?.()
  if (client === undefined) throw new ConnectionError({ reason: "NoAuthConnector" })
  const { frame, run } = client
  const networks = (context.networks ?? []).filter((n) => n.chainNamespace === "eip155")
  let current: CaipNetwork | undefined = networks[0]
  // The Solana network the user's Solana account is on (SPEC §6: an EOA the frame keeps next to the EVM key).
  let solana: CaipNetwork | undefined = (context.networks ?? []).find((n) => n.chainNamespace === "solana")
  const listeners = new Set<AdapterEvents>()
  const solanaListeners = new Set<AdapterEvents>()

  /** Creates the frame (with `network`'s chain and RPC URL the first time) and waits until it is initialised. */
  const ready = async (network: CaipNetwork | undefined = current): Promise<void> => {
    if (network === undefined) throw new ConnectionError({ reason: "NoRequestedChains", details: "No EVM network" })
    await run(frame.ensureFrame({ chainId: Number(network.id), rpcUrl: rpcUrlOf(network) }))
    await run(frame.ready)
  }
  const rpcUrlOf = (network: CaipNetwork) => network.rpcUrls.default.http[0] ?? ""

  // Reads, balances and transfers go to the app's own RPC, as the EVM adapter's do.
  let rpc: Promise<ReturnType<typeof import("../evm/rpc.ts").makeRpc>> | undefined
  const rpcClient = () => {
    rpc ??= import("../evm/rpc.ts").then((m) => m.makeRpc(context))
    return rpc
  }

  frame.subscribe((event) => {
    if (event.type !== "SESSION_UPDATE" || event.isConnected) return
    for (const events of [...listeners, ...solanaListeners]) events.disconnected()
  })

  /**
   * The smart account deploys with its first transaction: after one, the user is read again and core told, so the
   * account stops saying "deployed on first use". A failure here only costs that line.
   */
  const rereadUser = () => {
    run(frame.request("GET_USER", current === undefined ? {} : { chainId: Number(current.id) })).then(
      (user) => {
        const { auth } = connectionOf("", user)
        if (auth === undefined) return
        const changed = {
          user: auth.user,
          ...(auth.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: auth.smartAccountDeployed })
        }
        for (const events of listeners) events.authChanged?.(changed)
      },
      (error: unknown) => console.warn("Airlock: the embedded wallet's user was not read again", error)
    )
  }

  return {
    name: "Embedded wallet",
    // The frame has no window: core asks the user in ApproveTransaction before every unsafe request.
    approveInModal: true,
    connect: async ({ connectorId, network }) => {
      await ready(network)
      current = network
      const user = await run(
        frame.request("GET_USER", {
          chainId: Number(network.id),
          preferredAccountType: options.defaultAccountType ?? "smartAccount"
        })
      )
      return connectionOf(connectorId, user, solana)
    },
    // Each namespace restores on its own: the solana namespace reads the same login's Solana account.
    reconnect: async ({ connectorId, network, namespace }) => {
      const onSolana = namespace === "solana" || network?.chainNamespace === "solana"
      if (onSolana && network !== undefined) solana = network
      await ready(onSolana ? current : (network ?? current))
      if (!onSolana && network !== undefined) current = network
      const { isConnected } = await run(frame.request("IS_CONNECTED"))
      if (!isConnected) return undefined
      const user = await run(frame.request("GET_USER", current === undefined ? {} : { chainId: Number(current.id) }))
      if (!onSolana) return connectionOf(connectorId, user, solana)
      if (user.solanaAddress === undefined || solana === undefined) return undefined
      return { connectorId, accounts: [user.solanaAddress], chainId: solana.id }
    },
    // Sign-out never fails and is capped at 3 s (SPEC §4): the app forgets the login either way.
    disconnect: async () => {
      if (frame.status() === "absent") return
      await run(frame.signOut)
    },
    switchNetwork: async ({ network }) => {
      // The Solana account is the same on every Solana network: only the network the requests go to changes.
      if (network.chainNamespace === "solana") {
        solana = network
        for (const events of solanaListeners) events.chainChanged(network.id)
        return
      }
      await ready(network)
      await run(frame.request("SWITCH_NETWORK", { chainId: Number(network.id) }))
      current = network
      // The active account may differ on the new chain (no smart account there): core follows the user's address.
      const user = await run(frame.request("GET_USER", { chainId: Number(network.id) }))
      for (const events of listeners) {
        events.chainChanged(Number(network.id))
        events.accountsChanged(connectionOf("", user).accounts)
      }
    },
    request: async ({ method, params, network }) => {
      if (network?.chainNamespace === "solana" || method.startsWith("solana_")) {
        const target = network?.chainNamespace === "solana" ? network : solana
        if (target === undefined)
          throw new ConnectionError({ reason: "NoRequestedChains", details: "No Solana network" })
        await ready(current)
        try {
          return await run(
            frame.request("RPC_REQUEST", {
              method,
              ...(params === undefined ? {} : { params }),
              chainId: String(target.id),
              chainNamespace: "solana",
              rpcUrl: rpcUrlOf(target)
            })
          )
        } catch (error) {
          throw asWalletError(error)
        }
      }
      const target = network?.chainNamespace === "eip155" ? network : current
      await ready(target)
      if (target === undefined) throw new ConnectionError({ reason: "NoRequestedChains", details: "No EVM network" })
      let result: unknown
      try {
        result = await run(
          frame.request("RPC_REQUEST", {
            method,
            ...(params === undefined ? {} : { params }),
            chainId: Number(target.id),
            chainNamespace: "eip155",
            rpcUrl: rpcUrlOf(target)
          })
        )
      } catch (error) {
        throw asWalletError(error)
      }
      if (sendingMethods.has(method)) rereadUser()
      return result
    },
    watchEvents: (_connectorId, events, namespace) => {
      const set = namespace === "solana" ? solanaListeners : listeners
      set.add(events)
      return () => set.delete(events)
    },
    reloadConnector: async () => {
      if (frame.status() === "absent") return
      await run(frame.request("RELOAD"))
    },
    // The Solana account's balance and transfers use the app's Solana RPC through the Solana adapter's code.
    getBalance: async ({ address, network }) => {
      if (network.chainNamespace === "solana")
        return (await import("../solana/rpc.ts")).balanceOf(network, address, context)
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Not an EVM address: ${address}`)
      const [client, evm] = await Promise.all([rpcClient(), import("../evm/implementation.ts")])
      return evm.formatEther(await client.balanceOf(network, address as `0x${string}`))
    },
    prepareTransfer: async (args) => {
      if (args.network.chainNamespace === "solana")
        return (await import("../solana/transfer.ts")).prepareSolanaTransfer(args, context)
      const [client, transfer] = await Promise.all([rpcClient(), import("../evm/transfer.ts")])
      return transfer.prepareEvmTransfer(client.clientFor(args.network), args)
    },
    confirmTransfer: async ({ result, network }) => {
      if (network.chainNamespace === "solana")
        return (await import("../solana/transfer.ts")).confirmSolanaTransfer(result, network, context)
      const [client, transfer] = await Promise.all([rpcClient(), import("../evm/transfer.ts")])
      return transfer.confirmEvmTransfer(client.clientFor(network), result)
    }
  }
}
