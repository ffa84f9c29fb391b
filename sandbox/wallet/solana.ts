/**
 * The Sandbox Solana Wallet: a Wallet Standard wallet for the sandbox's local Solana chain, registered by `inject.ts`
 * next to the EVM Sandbox Wallet. It connects (remembering the site in localStorage, so a silent connect after a
 * reload restores the account), signs messages and transactions (legacy and v0) with a local Ed25519 key, and sends
 * them to the chain's RPC, asking through the same approval overlay as the EVM wallet unless the mode answers. It
 * offers Sign-In With Solana (`solana:signIn`): it writes the sign-in text from the app's fields itself, shows it as a
 * sign-in and signs it (connecting first when the site is not connected yet).
 *
 * Failures are the EVM wallet's `ProviderRpcError`s, as Phantom's are: a refusal has `code` 4001 and the message
 * "User rejected the request.", an account the app may not use (not connected, not the wallet's) 4100, a chain the
 * wallet does not have or a transaction it cannot read -32602.
 *
 * `standard:disconnect` forgets the site, so the next connect asks again (as the EVM wallet's
 * `wallet_revokePermissions` does; Wallet Standard lets a wallet keep the authorization, but a sandbox wants the
 * first-connect path reachable again).
 *
 * Tests drive it through the non-standard `sandbox:control` feature (the counterpart of the EVM provider's
 * `sandbox_setMode`): set the mode, switch to the other sandbox account.
 */

import { getBase58Encoder } from "@solana/kit"
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput
} from "@solana/wallet-standard-features"
import type { IdentifierString, WalletAccount, WalletIcon, WalletWithFeatures } from "@wallet-standard/base"
import type {
  StandardConnectFeature,
  StandardConnectInput,
  StandardDisconnectFeature,
  StandardEventsChangeProperties,
  StandardEventsFeature
} from "@wallet-standard/features"
import { invalidParams, unauthorized, userRejected } from "../../server/wallet/errors.ts"
import {
  decodeSolanaTransaction,
  loadSolanaKey,
  type SolanaKey,
  supportedTransactionVersions
} from "../../server/wallet/solanaKey.ts"
import { sendSolanaTransaction } from "../../server/wallet/solanaSend.ts"
import {
  defaultSolanaPrivateKey,
  secondSolanaPrivateKey,
  solanaWalletName,
  type WalletMode,
  type WalletSolanaChain
} from "./config.ts"
import { askUser, type PromptContent } from "./prompt.ts"
import { messagePrompt, signInPrompt, transactionPrompt } from "./solanaPrompt.ts"
import { signInText } from "./solanaSignIn.ts"

/** Name of the wallet's test hook feature. */
export const SandboxControl = "sandbox:control"

/** The test hook: what a test (or a person in the console) changes without a prompt. */
export type SandboxControlFeature = {
  readonly [SandboxControl]: {
    readonly version: "1.0.0"
    /** Answers consent requests from now on as `mode` says. */
    readonly setMode: (mode: WalletMode) => void
    /**
     * Selects account `index` (0: the configured key, by default sandbox account 0; 1: sandbox account 1). A connected
     * app hears `change` with the new account.
     */
    readonly switchAccount: (index: number) => Promise<void>
    /** The addresses of the wallet's accounts, by index. */
    readonly addresses: () => Promise<ReadonlyArray<string>>
  }
}

/** The wallet as registered: Wallet Standard's connect, disconnect, events, the four Solana features, the hook. */
export type SandboxSolanaWallet = WalletWithFeatures<
  StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignInFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    SandboxControlFeature
>

/** Options of {@link createSandboxSolanaWallet}. */
export interface SandboxSolanaWalletOptions {
  readonly solana: WalletSolanaChain
  /** Remember the approved site and the selected account in localStorage. @default true */
  readonly persist?: boolean
}

interface Stored {
  readonly approved: boolean
  readonly account: number
}

const storageKey = "sandboxSolanaWallet"

/** Teal and violet, where the EVM wallet's icon is orange and violet. */
export const solanaWalletIcon: WalletIcon = `data:image/svg+xml;base64,${btoa(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'>" +
    "<stop offset='0' stop-color='#14c9a0'/><stop offset='1' stop-color='#6a3dff'/></linearGradient></defs>" +
    "<rect width='32' height='32' rx='8' fill='url(#g)'/><path d='M10 11h13l-3 3H7zM10 18h13l-3 3H7z' fill='#fff'/></svg>"
)}`

const accountFeatures = [
  "solana:signMessage",
  "solana:signTransaction",
  "solana:signAndSendTransaction"
] as const satisfies ReadonlyArray<IdentifierString>

const requester = () => location.host || "This page"

const readStored = (): Stored | undefined => {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Partial<Stored> | null
    return stored ? { approved: stored.approved === true, account: Number(stored.account) } : undefined
  } catch {
    // storage may be unavailable (opaque origin) or hold garbage: start fresh
    return undefined
  }
}

/**
 * Creates the wallet; `inject.ts` registers it with `registerWallet`.
 *
 * @example
 * ```ts
 * const wallet = createSandboxSolanaWallet({ solana: { rpcUrl: "http://127.0.0.1:8899", chain: "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5" } }, "approve")
 * registerWallet(wallet)
 * ```
 */
export const createSandboxSolanaWallet = (
  options: SandboxSolanaWalletOptions,
  initialMode: WalletMode
): SandboxSolanaWallet => {
  const { chain, rpcUrl } = options.solana
  const persist = options.persist ?? true
  const privateKeys = [options.solana.privateKey ?? defaultSolanaPrivateKey, secondSolanaPrivateKey]
  // keys load on first use (WebCrypto is async), once each
  const loaded = new Map<number, Promise<SolanaKey>>()
  const keyAt = (index: number) => {
    let key = loaded.get(index)
    if (!key) {
      key = loadSolanaKey(privateKeys[index]!)
      loaded.set(index, key)
    }
    return key
  }
  const listeners = new Set<(properties: StandardEventsChangeProperties) => void>()
  const stored = persist ? readStored() : undefined
  let mode = initialMode
  let approved = stored?.approved ?? false
  let selected =
    stored && Number.isInteger(stored.account) && stored.account >= 0 && stored.account < privateKeys.length
      ? stored.account
      : 0
  // what the app may use: set by a connect in this page, cleared by disconnect
  let current: { readonly account: WalletAccount; readonly key: SolanaKey } | undefined

  const save = () => {
    if (!persist) return
    try {
      localStorage.setItem(storageKey, JSON.stringify({ approved, account: selected } satisfies Stored))
    } catch {
      // best effort, as above
    }
  }

  const accounts = (): ReadonlyArray<WalletAccount> => (current ? [current.account] : [])

  const emitAccounts = () => {
    const properties: StandardEventsChangeProperties = { accounts: accounts() }
    for (const listener of [...listeners]) {
      try {
        listener(properties)
      } catch (error) {
        console.error(error)
      }
    }
  }

  const consent = async (content: PromptContent) => {
    const answer = mode === "approve" ? true : mode === "reject" ? false : await askUser(content)
    if (!answer) throw userRejected()
  }

  /** Makes the selected key the app's account and tells the app when that changed it. */
  const expose = async () => {
    const key = await keyAt(selected)
    if (current?.key === key) return
    current = {
      key,
      // frozen, as Wallet Standard wants accounts read-only; the key's bytes are copied so an app cannot alter them
      account: Object.freeze({
        address: key.address,
        publicKey: key.publicKey.slice(),
        chains: Object.freeze([chain]),
        features: accountFeatures
      })
    }
    emitAccounts()
  }

  const connect = async (input?: StandardConnectInput) => {
    if (!approved) {
      if (input?.silent) return { accounts: accounts() }
      const key = await keyAt(selected)
      await consent({
        wallet: solanaWalletName,
        action: "Connect",
        summary: `${requester()} wants to see your address and ask for approvals.`,
        rows: [
          ["Account", key.address],
          ["Network", chain]
        ]
      })
      approved = true
      save()
    }
    await expose()
    return { accounts: accounts() }
  }

  const disconnect = async () => {
    approved = false
    save()
    if (current) {
      current = undefined
      emitAccounts()
    }
  }

  /** The key of `account`, when the app may use it; 4100 otherwise. */
  const requireAccount = (account: WalletAccount): SolanaKey => {
    if (!current) throw unauthorized(`${requester()} is not connected to the ${solanaWalletName}; connect first.`)
    if (account?.address !== current.account.address)
      throw unauthorized(`The ${solanaWalletName}'s account is ${current.account.address}, not ${account?.address}.`)
    return current.key
  }

  const requireChain = (requested: IdentifierString | undefined) => {
    if (requested !== undefined && requested !== chain)
      throw invalidParams(`the ${solanaWalletName} has no chain ${requested}; its chain is ${chain}.`)
  }

  const signTransaction = async (input: SolanaSignTransactionInput, send: boolean) => {
    const key = requireAccount(input.account)
    requireChain(input.chain)
    const decoded = decodeSolanaTransaction(input.transaction)
    await consent(transactionPrompt({ requester: requester(), address: key.address, chain }, decoded, send))
    return key.signTransaction(decoded)
  }

  /**
   * Sign-In With Solana: connects first when needed (a sign-in is also a connect), then writes the text from the
   * app's fields (the page's host when it names no domain, the account when it names no address), asks, and signs it.
   */
  const signIn = async (input: SolanaSignInInput) => {
    if (!current) await connect()
    const { account, key } = current as NonNullable<typeof current>
    if (input?.address !== undefined && input.address !== account.address)
      throw unauthorized(`The ${solanaWalletName}'s account is ${account.address}, not ${input.address}.`)
    const text = signInText({ ...input, domain: input?.domain ?? location.host, address: account.address })
    await consent(signInPrompt({ requester: requester(), address: key.address, chain }, text))
    const signedMessage = new TextEncoder().encode(text)
    return {
      account,
      signedMessage,
      signature: await key.signMessage(signedMessage),
      signatureType: "ed25519" as const
    }
  }

  // Inputs are handled one after another: each has its own prompt, and a refusal stops the rest.
  const eachInOrder = async <I, O>(inputs: ReadonlyArray<I>, handle: (input: I) => Promise<O>) => {
    const outputs: Array<O> = []
    for (const input of inputs) outputs.push(await handle(input))
    return outputs
  }

  return {
    version: "1.0.0",
    name: solanaWalletName,
    icon: solanaWalletIcon,
    chains: [chain],
    get accounts() {
      return accounts()
    },
    features: {
      "standard:connect": { version: "1.0.0", connect },
      "standard:disconnect": { version: "1.0.0", disconnect },
      "standard:events": {
        version: "1.0.0",
        on: (event, listener) => {
          if (event !== "change") return () => {}
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      },
      "solana:signMessage": {
        version: "1.0.0",
        signMessage: (...inputs) =>
          eachInOrder(inputs, async ({ account, message }) => {
            const key = requireAccount(account)
            await consent(messagePrompt({ requester: requester(), address: key.address, chain }, message))
            return { signedMessage: message, signature: await key.signMessage(message), signatureType: "ed25519" }
          })
      },
      "solana:signIn": {
        version: "1.0.0",
        signIn: (...inputs) => eachInOrder(inputs, signIn)
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions,
        signTransaction: (...inputs) =>
          eachInOrder(inputs, async (input) => ({ signedTransaction: (await signTransaction(input, false)).bytes }))
      },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions,
        signAndSendTransaction: (...inputs) =>
          eachInOrder(inputs, async (input: SolanaSignAndSendTransactionInput) => {
            const signed = await signTransaction(input, true)
            const signature = await sendSolanaTransaction(rpcUrl, signed.transaction, input.options ?? {})
            return { signature: new Uint8Array(getBase58Encoder().encode(signature)) }
          })
      },
      [SandboxControl]: {
        version: "1.0.0",
        setMode: (next) => {
          mode = next
        },
        switchAccount: async (index) => {
          if (!Number.isInteger(index) || index < 0 || index >= privateKeys.length)
            throw new RangeError(`The ${solanaWalletName} has accounts 0 to ${privateKeys.length - 1}, not ${index}.`)
          selected = index
          save()
          if (current) await expose()
        },
        addresses: () => Promise.all(privateKeys.map(async (_, index) => (await keyAt(index)).address))
      }
    }
  }
}
