/**
 * Airlock's connected Solana account as a Wallet Standard wallet (`registerAirlockWallet` in `index.ts` loads this
 * chunk): an app built on `@solana/wallet-adapter-react`, `@wallet-standard/react` or kit's wallet hooks lists
 * "Airlock" next to the browser's wallets and uses it with no Airlock code. Every feature forwards to
 * `airlock.request(…, { namespace: "solana" })`, so requests pass SPEC §5's method and params rules, and the embedded
 * wallet's ApproveTransaction, like any other; the account follows Airlock's solana connection (the embedded
 * wallet's Solana account or a WalletConnect phone's).
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import type {
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignInInput,
  SolanaSignInOutput,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput
} from "@solana/wallet-standard-features"
import type { IdentifierString, Wallet, WalletAccount, WalletIcon, WindowAppReadyEvent } from "@wallet-standard/base"
import type { StandardConnectInput, StandardConnectOutput, StandardEventsListeners } from "@wallet-standard/features"
import type { AirlockClient } from "../../core/client/types.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"

// The few codecs the wallet needs, here rather than kit's: sharing kit with the Solana adapter's chunk would split
// both into more files.
const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

/** Base58 text as bytes (Bitcoin's alphabet, as Solana writes keys and signatures); throws on another character. */
export const base58Bytes = (text: string): Uint8Array => {
  const digits: Array<number> = []
  for (const char of text) {
    let carry = alphabet.indexOf(char)
    if (carry < 0) throw new TypeError(`Not base58: ${char}`)
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! * 58
      digits[i] = carry & 0xff
      carry >>= 8
    }
    for (; carry > 0; carry >>= 8) digits.push(carry & 0xff)
  }
  let zeros = 0
  while (text[zeros] === "1") zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...digits.reverse()])
}

/** Bytes as base58 text. */
export const base58Of = (bytes: Uint8Array): string => {
  const digits: Array<number> = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! << 8
      digits[i] = carry % 58
      carry = (carry / 58) | 0
    }
    for (; carry > 0; carry = (carry / 58) | 0) digits.push(carry % 58)
  }
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  return (
    "1".repeat(zeros) +
    digits
      .reverse()
      .map((d) => alphabet[d])
      .join("")
  )
}

const base64Bytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const base64Of = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))

/** Options of `registerAirlockWallet`. */
export interface AirlockWalletOptions {
  /** The name apps list the wallet under. @default "Airlock" */
  readonly name?: string | undefined
  /** The icon apps show, a `data:image/…;base64,` URI. @default Airlock's mark */
  readonly icon?: WalletIcon | undefined
}

/** The feature every Airlock wallet carries, so Airlock's own `solana()` adapter never lists it as a wallet. */
export const airlockWalletFeature = "airlock:wallet"

const defaultIcon: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1f2937"/>' +
    '<path d="M10 22V14a6 6 0 0 1 12 0v8" fill="none" stroke="#fff" stroke-width="3"/></svg>'
)}`

/** The Wallet Standard cluster names of the well-known genesis references (wallet-adapter asks by cluster name). */
const clusterNames: Readonly<Record<string, string>> = {
  "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "solana:mainnet",
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: "solana:devnet",
  "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z": "solana:testnet"
}

const isLoopback = (url: string | undefined): boolean => {
  try {
    const { hostname } = new URL(url ?? "")
    return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]"
  } catch {
    return false
  }
}

/** The chain ids a network answers to: its CAIP-2 id, and its cluster name (a chain on loopback is `localnet`). */
const chainIdsOf = (network: CaipNetwork): ReadonlyArray<IdentifierString> => {
  const ids: Array<IdentifierString> = [`solana:${network.id}`]
  const cluster = clusterNames[String(network.id)]
  if (cluster !== undefined) ids.push(cluster as IdentifierString)
  else if (isLoopback(network.rpcUrls.default.http[0])) ids.push("solana:localnet")
  return ids
}

const features = [
  "solana:signMessage",
  "solana:signTransaction",
  "solana:signAndSendTransaction",
  "solana:signIn"
] as const satisfies ReadonlyArray<IdentifierString>

/** A refusal as wallets give it (EIP-1193's 4001 code, which wallet-adapter and kit read as a rejection). */
const rejected = (message: string) => Object.assign(new Error(message), { code: 4001 })

/** The Sign-In With Solana text of `input` for `address` (the app's domain when it gave none). */
export const signInText = (input: SolanaSignInInput, address: string, chainId: string | undefined): string => {
  const domain = input.domain ?? (typeof location === "undefined" ? "" : location.host)
  const lines = [`${domain} wants you to sign in with your Solana account:`, address]
  if (input.statement !== undefined && input.statement !== "") lines.push("", input.statement)
  const fields: Array<[string, string | undefined]> = [
    ["URI", input.uri],
    ["Version", input.version],
    ["Chain ID", input.chainId ?? chainId],
    ["Nonce", input.nonce],
    ["Issued At", input.issuedAt],
    ["Expiration Time", input.expirationTime],
    ["Not Before", input.notBefore],
    ["Request ID", input.requestId]
  ]
  const present = fields.filter((field): field is [string, string] => field[1] !== undefined)
  if (present.length > 0 || (input.resources?.length ?? 0) > 0) lines.push("")
  for (const [label, value] of present) lines.push(`${label}: ${value}`)
  if (input.resources !== undefined && input.resources.length > 0) {
    lines.push("Resources:", ...input.resources.map((resource) => `- ${resource}`))
  }
  for (const line of lines) if (/[\r\n]/.test(line)) throw new TypeError("A sign-in field holds a line break")
  return lines.join("\n")
}

/**
 * Builds the wallet over `airlock` (not registered): what `registerAirlockWallet` registers. `stop` ends its
 * subscription to Airlock's state.
 * @example
 * ```ts
 * const { wallet, stop } = makeAirlockWallet(airlock)
 * wallet.accounts // the connected Solana account, or none
 * ```
 */
export const makeAirlockWallet = (
  airlock: AirlockClient,
  options: AirlockWalletOptions = {}
): { readonly wallet: Wallet; readonly stop: () => void } => {
  const solanaNetworks = () => airlock.getState().networks.filter((n) => n.chainNamespace === "solana")
  const chains = (): ReadonlyArray<IdentifierString> => [...new Set(solanaNetworks().flatMap(chainIdsOf))]

  let cached: { address: string; account: WalletAccount } | undefined
  const accounts = (): ReadonlyArray<WalletAccount> => {
    const account = airlock.getState().accounts.solana
    if (account.status !== "connected" || account.address === undefined) return []
    if (cached?.address !== account.address) {
      let publicKey: Uint8Array
      try {
        publicKey = base58Bytes(account.address)
      } catch {
        return []
      }
      cached = {
        address: account.address,
        account: Object.freeze({
          address: account.address,
          publicKey,
          chains: chains(),
          features
        }) as WalletAccount
      }
    }
    return [cached.account]
  }

  const listeners = new Set<StandardEventsListeners["change"]>()
  let known = accounts()
  const stop = airlock.subscribe(() => {
    const now = accounts()
    if (now.length === known.length && now[0] === known[0]) return
    known = now
    for (const listener of listeners) listener({ accounts: now })
  })

  const own = (account: WalletAccount): string => {
    const current = accounts()[0]
    if (current === undefined) throw new Error("No Solana wallet is connected")
    if (account.address !== current.address) throw new Error(`The account ${account.address} is not connected`)
    return current.address
  }

  const call = async (method: string, params: unknown): Promise<Record<string, unknown>> => {
    const answer = await airlock.request({ method, params }, { namespace: "solana" })
    if (typeof answer !== "object" || answer === null) throw new Error(`${method}: the wallet answered no result`)
    return answer as Record<string, unknown>
  }
  const text = (value: unknown, what: string): string => {
    if (typeof value !== "string") throw new Error(`The wallet's answer has no ${what}`)
    return value
  }

  /** Moves Airlock to the network `chain` names, when it names another of the app's Solana networks. */
  const onChain = async (chain: IdentifierString | undefined) => {
    if (chain === undefined) return
    const network = solanaNetworks().find((n) => chainIdsOf(n).includes(chain))
    if (network === undefined) throw new Error(`The chain ${chain} is not one of the app's Solana networks`)
    if (airlock.getState().activeNetworks.solana?.id !== network.id) await airlock.switchNetwork(network)
  }

  /** Waits until a Solana account is connected; fails when the modal closes first. */
  const connected = () =>
    new Promise<void>((resolve, reject) => {
      let opened = false
      const off = airlock.subscribe((state) => {
        if (accounts().length > 0) {
          off()
          resolve()
        } else if (state.modal.open) opened = true
        else if (opened) {
          off()
          reject(rejected("Connection rejected"))
        }
      })
    })

  const connect = async (input?: StandardConnectInput): Promise<StandardConnectOutput> => {
    if (accounts().length > 0 || input?.silent === true) return { accounts: accounts() }
    const waiting = connected()
    // Awaited below; a rejection before then (the client destroyed while opening) is not left unhandled.
    waiting.catch(() => undefined)
    await airlock.open({ namespace: "solana" })
    await waiting
    return { accounts: accounts() }
  }

  const signMessage = async (...inputs: ReadonlyArray<SolanaSignMessageInput>) => {
    const outputs: Array<SolanaSignMessageOutput> = []
    for (const input of inputs) {
      const pubkey = own(input.account)
      const answer = await call("solana_signMessage", { message: base58Of(input.message), pubkey })
      outputs.push({
        signedMessage: input.message,
        signature: base58Bytes(text(answer.signature, "signature")),
        signatureType: "ed25519"
      })
    }
    return outputs
  }

  const signTransaction = async (...inputs: ReadonlyArray<SolanaSignTransactionInput>) => {
    const outputs: Array<SolanaSignTransactionOutput> = []
    for (const input of inputs) {
      own(input.account)
      await onChain(input.chain)
      const answer = await call("solana_signTransaction", { transaction: base64Of(input.transaction) })
      outputs.push({ signedTransaction: base64Bytes(text(answer.transaction, "transaction")) })
    }
    return outputs
  }

  const signAndSendTransaction = async (...inputs: ReadonlyArray<SolanaSignAndSendTransactionInput>) => {
    const outputs: Array<SolanaSignAndSendTransactionOutput> = []
    for (const input of inputs) {
      own(input.account)
      await onChain(input.chain)
      // Waiting for a commitment is the app's to do (wallet-adapter confirms itself); unset options are left out.
      const { commitment: _commitment, ...options } = input.options ?? {}
      const sendOptions = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
      const answer = await call("solana_signAndSendTransaction", {
        transaction: base64Of(input.transaction),
        ...(Object.keys(sendOptions).length === 0 ? {} : { sendOptions })
      })
      outputs.push({ signature: base58Bytes(text(answer.signature, "signature")) })
    }
    return outputs
  }

  // Sign-In With Solana: connects first when needed, writes the message and has the account sign it.
  const signIn = async (...inputs: ReadonlyArray<SolanaSignInInput>) => {
    const outputs: Array<SolanaSignInOutput> = []
    for (const input of inputs) {
      const [account] = (await connect()).accounts
      if (account === undefined) throw rejected("Connection rejected")
      if (input.address !== undefined && input.address !== account.address)
        throw new Error(`The account ${input.address} is not connected`)
      const network = airlock.getState().activeNetworks.solana
      const message = new TextEncoder().encode(
        signInText(input, account.address, network === undefined ? undefined : String(network.id))
      )
      const [signed] = await signMessage({ account, message })
      outputs.push({ account, signedMessage: message, signature: signed!.signature, signatureType: "ed25519" })
    }
    return outputs
  }

  const wallet: Wallet = {
    version: "1.0.0",
    name: options.name ?? "Airlock",
    icon: options.icon ?? defaultIcon,
    get chains() {
      return chains()
    },
    get accounts() {
      return accounts()
    },
    features: {
      "standard:connect": { version: "1.0.0", connect },
      "standard:disconnect": { version: "1.0.0", disconnect: () => airlock.disconnect("solana") },
      "standard:events": {
        version: "1.0.0",
        on: (event: string, listener: StandardEventsListeners["change"]) => {
          if (event !== "change") return () => {}
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      },
      "solana:signMessage": { version: "1.1.0", signMessage },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction
      },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction
      },
      "solana:signIn": { version: "1.0.0", signIn },
      [airlockWalletFeature]: { version: "1.0.0" }
    }
  }
  return { wallet, stop }
}

/**
 * Registers `wallet` with every Wallet Standard app registry on the page (the standard's two-way handshake: the
 * `register-wallet` event for registries already listening, `app-ready` for those that start later). The returned
 * function unregisters it everywhere.
 */
export const registerStandardWallet = (wallet: Wallet): (() => void) => {
  if (typeof window === "undefined") return () => {}
  const unregisters: Array<() => void> = []
  const callback = ({ register }: { register: (...wallets: Array<Wallet>) => () => void }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => callback((event as WindowAppReadyEvent).detail)
  window.addEventListener("wallet-standard:app-ready", onAppReady)
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: callback }))
  return () => {
    window.removeEventListener("wallet-standard:app-ready", onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}

/**
 * Builds and registers the wallet; what `registerAirlockWallet` runs once this chunk loaded.
 * @example
 * ```ts
 * const unregister = registerAirlockWalletNow(airlock, { name: "My App" })
 * ```
 */
export const registerAirlockWalletNow = (airlock: AirlockClient, options: AirlockWalletOptions = {}): (() => void) => {
  const { wallet, stop } = makeAirlockWallet(airlock, options)
  const unregister = registerStandardWallet(wallet)
  return () => {
    unregister()
    stop()
  }
}
