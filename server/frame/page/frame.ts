/**
 * The frame's answers to the app's actions (docs/frame-protocol.md). It calls its own site's routes for logins, keeps
 * the session token in its own storage and the key in memory, and signs with `wallet.ts`. What it returns is exactly
 * the success payload the protocol lists: never a key, a code or a token.
 */
import type { Address, Hex } from "viem"
import type { FrameAccount, FrameConfig, FrameLogin } from "../api.ts"
import type { AppRequest } from "./protocol.ts"
import { readPci } from "./sessions.ts"
import { solanaKeyOf, solanaRequest } from "./solana.ts"
import { accountsOf, type SentCalls, smartAccount, type WalletContext, walletRequest } from "./wallet.ts"

/** A failure of one of the site's routes, with the server's message. */
export class FrameApiError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** What the frame needs from its page. */
export interface FrameDeps {
  /** Calls a route of the secure site (same origin); rejects with {@link FrameApiError}. */
  readonly api: (path: string, body?: unknown, token?: string, signal?: AbortSignal) => Promise<unknown>
  /** The frame origin's own storage. */
  readonly storage: {
    get(key: string): string | null
    set(key: string, value: string): void
    remove(key: string): void
  }
  readonly config: FrameConfig
  readonly projectId: string
  /** The embedding app's origin, checked against the project's allowed origins before anything runs. */
  readonly appOrigin: string
  /** The secure site's own origin: the social result URL must come back to it. */
  readonly origin: string
  /** The frame's `chainId` and `rpcUrl` query parameters. */
  readonly chainId: number | string
  readonly rpcUrl: string | undefined
  /** Tells the app the login changed without being asked (`SESSION_UPDATE`). */
  readonly onSessionChange: (isConnected: boolean) => void
}

/** Storage keys of the frame origin. */
export const storageKeys = { device: "airlock-frame:device" } as const

/**
 * Where the session token of one project and app origin is kept: a frame embedded by another origin, or loaded with
 * another project id, neither sees nor sends it (nor forgets it when the server refuses it).
 * @example
 * ```ts
 * sessionKey({ projectId: "airlock-demo", appOrigin: "http://localhost:5173" })
 * // "airlock-frame:session:airlock-demo http://localhost:5173"
 * ```
 */
export const sessionKey = (binding: { readonly projectId: string; readonly appOrigin: string }): string =>
  `airlock-frame:session:${binding.projectId} ${binding.appOrigin}`

const randomHex = (bytes: number): string => {
  const buffer = new Uint8Array(bytes)
  crypto.getRandomValues(buffer)
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, "0")).join("")
}

/**
 * The numeric EVM chain id of a protocol chain id (`1`, `"1"`, `"eip155:1"`), or undefined for another namespace.
 * @example
 * ```ts
 * evmChainId("eip155:8453") // 8453
 * evmChainId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp") // undefined
 * ```
 */
export const evmChainId = (chainId: number | string): number | undefined => {
  if (typeof chainId === "number") return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
  const match = /^(?:eip155:)?(\d{1,15})$/.exec(chainId)
  return match === null ? undefined : Number(match[1])
}

/**
 * The frame's state and its handler of decoded requests.
 * @example
 * ```ts
 * declare const deps: FrameDeps
 * const frame = makeFrame(deps)
 * const payload = await frame.handle({ action: "IS_CONNECTED", id: "1", payload: undefined })
 * ```
 */
export const makeFrame = (deps: FrameDeps) => {
  const { api, storage, config } = deps
  let chainId: number | string = deps.chainId
  let appName = deps.appOrigin
  let account: FrameAccount | undefined
  let key: Hex | undefined
  // The Solana key derived from `key` (./solana.ts), made on first need.
  let solanaKey: ReturnType<typeof solanaKeyOf> | undefined
  let loginId: string | undefined
  let updateId: string | undefined
  let farcasterChannel: string | undefined
  const rpcUrls = new Map<number, string>(config.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  const initialChain = evmChainId(deps.chainId)
  if (initialChain !== undefined && deps.rpcUrl !== undefined) rpcUrls.set(initialChain, deps.rpcUrl)
  const calls = new Map<string, SentCalls>()
  const pending = new Set<AbortController>()

  const deviceId = (): string => {
    const known = storage.get(storageKeys.device)
    if (known !== null && /^[0-9a-f]{32}$/.test(known)) return known
    const fresh = randomHex(16)
    storage.set(storageKeys.device, fresh)
    return fresh
  }

  const sessionStorageKey = sessionKey(deps)
  const token = (): string | undefined => storage.get(sessionStorageKey) ?? undefined

  const forget = (tell: boolean) => {
    const had = token() !== undefined || account !== undefined
    storage.remove(sessionStorageKey)
    account = undefined
    key = undefined
    solanaKey = undefined
    if (tell && had) deps.onSessionChange(false)
  }

  const signIn = async (login: FrameLogin) => {
    storage.set(sessionStorageKey, login.token)
    account = login.account
    solanaKey = undefined
    key = ((await api("/api/key", {}, login.token)) as { privateKey: Hex }).privateKey
  }

  /** The signed-in account, restored from the stored token after a reload; "Not signed in" otherwise. */
  const session = async (): Promise<{ account: FrameAccount; key: Hex }> => {
    const stored = token()
    if (stored === undefined) throw new Error("Not signed in")
    if (account === undefined || key === undefined) {
      try {
        account = (await api("/api/session", {}, stored)) as FrameAccount
        key = ((await api("/api/key", {}, stored)) as { privateKey: Hex }).privateKey
      } catch (error) {
        if (error instanceof FrameApiError && error.status === 401) forget(true)
        throw error
      }
    }
    return { account, key }
  }

  const walletContext = (signedIn: { account: FrameAccount; key: Hex }, signal?: AbortSignal): WalletContext => {
    const evm = evmChainId(chainId)
    if (evm === undefined)
      throw new Error(`Chain ${chainId} is not an EVM chain: the sandbox's embedded wallet signs on EVM chains only`)
    const rpcUrl = rpcUrls.get(evm)
    if (rpcUrl === undefined) throw new Error(`No RPC URL for chain ${evm}`)
    return {
      key: signedIn.key,
      chainId: evm,
      rpcUrl,
      accountFactory: config.smartAccountChains.includes(evm) ? config.accountFactory : null,
      preferredAccountType: signedIn.account.preferredAccountType,
      calls,
      signal
    }
  }

  /** The signed-in user's Solana key. */
  const solanaKeyFor = (signedIn: { key: Hex }) => {
    solanaKey ??= solanaKeyOf(signedIn.key)
    return solanaKey
  }

  /** The user payload of the protocol (`EmbeddedUser`), with the Solana account next to the EVM ones. */
  const user = async () => {
    const signedIn = await session()
    const base = {
      ...(signedIn.account.email === null ? {} : { email: signedIn.account.email }),
      ...(signedIn.account.username === null ? {} : { username: signedIn.account.username }),
      chainId,
      solanaAddress: (await solanaKeyFor(signedIn)).address
    }
    if (evmChainId(chainId) === undefined)
      return {
        ...base,
        address: signedIn.account.address,
        accounts: [{ address: signedIn.account.address, type: "eoa" as const }],
        preferredAccountType: "eoa" as const,
        smartAccountDeployed: false
      }
    const accounts = await accountsOf(walletContext(signedIn))
    return {
      ...base,
      address: accounts.address,
      accounts: accounts.accounts,
      preferredAccountType: accounts.active,
      smartAccountDeployed: accounts.smart?.isDeployed ?? false
    }
  }

  const setPreferred = async (type: "eoa" | "smartAccount") => {
    const signedIn = await session()
    if (signedIn.account.preferredAccountType === type) return
    account = (await api("/api/preferred", { type }, token())) as FrameAccount
  }

  const handle = async (request: AppRequest): Promise<unknown> => {
    switch (request.action) {
      case "SWITCH_NETWORK":
        chainId = request.payload.chainId
        return { chainId }
      case "CONNECT_EMAIL": {
        const answer = (await api(
          "/api/email/connect",
          { email: request.payload.email, deviceId: deviceId() },
          token()
        )) as {
          action: "VERIFY_DEVICE" | "VERIFY_OTP" | "CONNECT"
          loginId?: string
        }
        loginId = answer.loginId
        if (answer.action === "CONNECT") await session()
        return { action: answer.action }
      }
      case "CONNECT_DEVICE": {
        if (loginId === undefined) throw new Error("No login in progress")
        for (;;) {
          const answer = (await api("/api/email/device", { loginId })) as { approved: boolean }
          if (answer.approved) return undefined
        }
      }
      case "CONNECT_OTP": {
        if (loginId === undefined) throw new Error("No login in progress")
        await signIn((await api("/api/email/otp", { loginId, otp: request.payload.otp })) as FrameLogin)
        loginId = undefined
        return undefined
      }
      case "GET_SOCIAL_REDIRECT_URI":
        return (await api("/api/social/start", {
          provider: request.payload.provider,
          projectId: deps.projectId,
          appOrigin: deps.appOrigin,
          appName
        })) as { uri: string }
      case "CONNECT_SOCIAL": {
        let result: URL
        try {
          result = new URL(request.payload.uri)
        } catch {
          throw new Error("Invalid social result")
        }
        if (result.origin !== deps.origin || result.pathname !== "/social/callback")
          throw new Error("The social result did not come from the secure site")
        if (result.searchParams.get("error") !== null) throw new Error("Connection rejected")
        const code = result.searchParams.get("code") ?? ""
        const state = result.searchParams.get("state") ?? ""
        await signIn((await api("/api/social/connect", { code, state, deviceId: deviceId() })) as FrameLogin)
        return user()
      }
      case "GET_FARCASTER_URI": {
        const answer = (await api("/api/farcaster/start", { appName })) as { url: string; channel: string }
        farcasterChannel = answer.channel
        return { url: answer.url }
      }
      case "CONNECT_FARCASTER": {
        if (farcasterChannel === undefined) throw new Error("No Farcaster login in progress")
        for (;;) {
          const answer = (await api("/api/farcaster/connect", { channel: farcasterChannel, deviceId: deviceId() })) as
            | FrameLogin
            | { pending: true }
          if ("token" in answer) {
            farcasterChannel = undefined
            await signIn(answer)
            return user()
          }
        }
      }
      case "GET_USER": {
        if (request.payload?.chainId !== undefined) chainId = request.payload.chainId
        const wanted = request.payload?.preferredAccountType
        if (wanted === "eoa" || wanted === "smartAccount") await setPreferred(wanted)
        return user()
      }
      case "SIGN_OUT": {
        const stored = token()
        if (stored !== undefined) await api("/api/signout", {}, stored).catch(() => undefined)
        forget(false)
        return undefined
      }
      case "IS_CONNECTED": {
        if (token() === undefined) return { isConnected: false }
        try {
          await session()
          return { isConnected: true }
        } catch (error) {
          if (error instanceof FrameApiError && error.status === 401) return { isConnected: false }
          throw error
        }
      }
      case "GET_CHAIN_ID":
        return { chainId }
      case "RPC_REQUEST": {
        const { method, params, chainNamespace, rpcUrl } = request.payload
        if (chainNamespace === "solana") {
          if (rpcUrl === undefined) throw new Error("A Solana request needs the network's rpcUrl")
          const signedIn = await session()
          return solanaRequest(
            await solanaKeyFor(signedIn),
            { rpcUrl, chainId: String(request.payload.chainId) },
            method,
            params
          )
        }
        if (chainNamespace !== "eip155")
          throw new Error(`The sandbox's embedded wallet does not sign on ${chainNamespace} chains`)
        const evm = evmChainId(request.payload.chainId)
        if (evm === undefined) throw new Error("Invalid chainId")
        if (rpcUrl !== undefined) rpcUrls.set(evm, rpcUrl)
        chainId = evm
        const signedIn = await session()
        const controller = new AbortController()
        pending.add(controller)
        try {
          const list = params === undefined ? [] : Array.isArray(params) ? params : [params]
          // A session is revoked on its own chain (the pci says which), whichever chain the app is on.
          const sessionChain =
            method === "wallet_revokePermissions"
              ? readPci((list[0] as { permissionsContext?: unknown } | undefined)?.permissionsContext)?.chainId
              : undefined
          const ctx = walletContext(signedIn, controller.signal)
          const onChain =
            sessionChain === undefined || !rpcUrls.has(sessionChain)
              ? ctx
              : {
                  ...ctx,
                  chainId: sessionChain,
                  rpcUrl: rpcUrls.get(sessionChain)!,
                  accountFactory: config.smartAccountChains.includes(sessionChain) ? config.accountFactory : null
                }
          const result = await walletRequest(onChain, method, list)
          if (method === "wallet_grantPermissions") {
            const granted = result as { permissionsContext: string; permissions: unknown; policies: unknown }
            await api(
              "/api/smart-sessions",
              { pci: granted.permissionsContext, permissions: granted.permissions, policies: granted.policies },
              token()
            )
          }
          if (method === "wallet_revokePermissions") {
            const pci = (list[0] as { permissionsContext?: unknown } | undefined)?.permissionsContext
            await api("/api/smart-sessions", { pci }, token())
          }
          return result
        } finally {
          pending.delete(controller)
        }
      }
      case "RPC_ABORT":
        for (const controller of pending) controller.abort()
        pending.clear()
        return undefined
      case "UPDATE_EMAIL": {
        await session()
        const answer = (await api("/api/email/update", { email: request.payload.email }, token())) as {
          action: "VERIFY_PRIMARY_OTP" | "VERIFY_SECONDARY_OTP"
          updateId: string
        }
        updateId = answer.updateId
        return { action: answer.action }
      }
      case "UPDATE_EMAIL_PRIMARY_OTP": {
        if (updateId === undefined) throw new Error("No email update in progress")
        await api("/api/email/update/primary", { updateId, otp: request.payload.otp }, token())
        return undefined
      }
      case "UPDATE_EMAIL_SECONDARY_OTP": {
        if (updateId === undefined) throw new Error("No email update in progress")
        const answer = (await api("/api/email/update/secondary", { updateId, otp: request.payload.otp }, token())) as {
          email: string
        }
        updateId = undefined
        if (account !== undefined) account = { ...account, email: answer.email }
        return { newEmail: answer.email }
      }
      case "SYNC_THEME":
        return undefined
      case "SYNC_DAPP_DATA":
        if (request.payload.metadata?.name !== undefined) appName = request.payload.metadata.name
        return undefined
      case "GET_SMART_ACCOUNT_ENABLED_NETWORKS":
        return { smartAccountEnabledNetworks: [...config.smartAccountChains] }
      case "INIT_SMART_ACCOUNT": {
        const smart = await smartAccount(walletContext(await session()))
        if (smart === undefined) throw new Error("Smart accounts are not available on this chain")
        return { address: smart.address, isDeployed: smart.isDeployed }
      }
      case "SET_PREFERRED_ACCOUNT": {
        const { type } = request.payload
        const signedIn = await session()
        const accounts = await accountsOf({ ...walletContext(signedIn), preferredAccountType: type })
        if (type === "smartAccount" && accounts.smart === undefined)
          throw new Error("Smart accounts are not available on this chain")
        await setPreferred(type)
        const address: Address = type === "smartAccount" ? accounts.smart!.address : accounts.eoa
        return { type, address }
      }
      case "RELOAD":
        return undefined
    }
  }

  return {
    handle,
    /** Another tab of the frame origin signed in or out: forget what this one holds and tell the app. */
    storageChanged: (newToken: string | null) => {
      account = undefined
      key = undefined
      solanaKey = undefined
      deps.onSessionChange(newToken !== null)
    }
  }
}
