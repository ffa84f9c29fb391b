import type { SIWXConfig, SIWXMessage, SIWXMessageInput, SIWXSession, SiwxNetwork } from "../options/siwx.ts"
import { siwxNetworksKey } from "../options/siwx.ts"

/** Options of {@link localSiwx} and {@link serverSiwx}'s messages. */
export interface SiwxMessageOptions {
  /** The statement the wallet shows above the fields. */
  readonly statement?: string | undefined
  /** How long a sign-in lasts (ms); the message's Expiration Time. @default no expiry */
  readonly expiresIn?: number | undefined
  /** Resources the sign-in grants (URIs). */
  readonly resources?: ReadonlyArray<string> | undefined
  /** Whether signing in is required: cancel disconnects and the sign view cannot be closed. @default true */
  readonly required?: boolean | undefined
  /** Sign out when the wallet disconnects. @default true */
  readonly signOutOnDisconnect?: boolean | undefined
}

/** Options of {@link localSiwx}. */
export interface LocalSiwxOptions extends SiwxMessageOptions {
  /** The storage key of the sessions in `localStorage`. @default "@airlock/siwx" */
  readonly storageKey?: string | undefined
}

/** The page's host and origin: the message's domain and uri. */
export const pageOf = (): { readonly domain: string; readonly uri: string } => {
  const location = (globalThis as { readonly location?: Location }).location
  return { domain: location?.host ?? "localhost", uri: location?.origin ?? "http://localhost" }
}

/** The message for `input` with `nonce`, its text written by `airlock-kit`'s EIP-4361 / CAIP-122 writer. */
export const makeMessage = async (
  input: SIWXMessageInput,
  nonce: string,
  options: SiwxMessageOptions
): Promise<SIWXMessage> => {
  const { siwxMessageText } = await import("./parts.ts")
  const issued = new Date()
  const data = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    ...pageOf(),
    version: "1",
    nonce,
    issuedAt: issued.toISOString(),
    ...(options.statement === undefined ? {} : { statement: options.statement }),
    ...(options.resources === undefined ? {} : { resources: options.resources }),
    ...(options.expiresIn === undefined
      ? {}
      : { expirationTime: new Date(issued.getTime() + options.expiresIn).toISOString() }),
    ...(input.notBefore === undefined ? {} : { notBefore: input.notBefore })
  }
  const text = siwxMessageText(data)
  return { ...data, toString: () => text }
}

const readSessions = (key: string): Array<SIWXSession> => {
  try {
    const raw = globalThis.localStorage?.getItem(key)
    const parsed: unknown = raw == null ? [] : JSON.parse(raw)
    return Array.isArray(parsed)
      ? parsed.filter(
          (s): s is SIWXSession =>
            typeof s === "object" &&
            s !== null &&
            typeof s.message === "string" &&
            typeof s.signature === "string" &&
            typeof s.data?.accountAddress === "string" &&
            typeof s.data?.chainId === "string"
        )
      : []
  } catch {
    return []
  }
}

const writeSessions = (key: string, sessions: ReadonlyArray<SIWXSession>) => {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(sessions))
  } catch {
    // Storage full or refused: the session lasts for this page only.
  }
}

const same = (a: string, b: string) => a === b || (a.startsWith("0x") && a.toLowerCase() === b.toLowerCase())

/**
 * Sign-in checked in the browser and kept in `localStorage` (as AppKit's `DefaultSIWX`): a random nonce, an EIP-4361
 * or CAIP-122 message, the signature verified on the page (EOA locally; a smart account's EIP-1271 / EIP-6492
 * signature on the network's RPC; Solana's ed25519). Convenience, not security: anyone can write `localStorage`, so
 * an app with a backend uses {@link serverSiwx} (or its own config) and checks sessions on its server.
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { evm } from "airlock-kit/evm"
 * import { mainnet } from "airlock-kit/networks"
 * import { localSiwx } from "airlock-kit/siwx"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({
 *   projectId: "airlock-demo",
 *   networks: [mainnet],
 *   adapters: [evm()],
 *   endpoints: { walletApi: api, blockchainApi: api },
 *   siwx: localSiwx({ statement: "Sign in to the demo", required: false })
 * })
 * ```
 */
export const localSiwx = (options: LocalSiwxOptions = {}): SIWXConfig => {
  const key = options.storageKey ?? "@airlock/siwx"
  let networks: ReadonlyArray<SiwxNetwork> = []
  const rpcUrlOf = (chainId: string) => networks.find((n) => n.caipNetworkId === chainId)?.rpcUrls.default.http[0]
  const verify = async (session: SIWXSession) => (await import("./parts.ts")).verifySession(session, rpcUrlOf)
  const config: SIWXConfig & { [siwxNetworksKey]: (list: ReadonlyArray<SiwxNetwork>) => void } = {
    [siwxNetworksKey]: (list) => {
      networks = list
    },
    createMessage: async (input) => {
      const { randomNonce } = await import("./parts.ts")
      return makeMessage(input, randomNonce(), options)
    },
    addSession: async (session) => {
      if (!(await verify(session))) throw new Error("The signature is not valid")
      const others = readSessions(key).filter(
        (s) => !(s.data.chainId === session.data.chainId && same(s.data.accountAddress, session.data.accountAddress))
      )
      writeSessions(key, [...others, session])
    },
    revokeSession: async (chainId, address) =>
      writeSessions(
        key,
        readSessions(key).filter((s) => !(s.data.chainId === chainId && same(s.data.accountAddress, address)))
      ),
    setSessions: async (sessions) => {
      for (const session of sessions) if (!(await verify(session))) throw new Error("The signature is not valid")
      writeSessions(key, sessions)
    },
    getSessions: async (chainId, address) => {
      const mine = readSessions(key).filter((s) => s.data.chainId === chainId && same(s.data.accountAddress, address))
      const checked = await Promise.all(mine.map(async (s) => ((await verify(s)) ? s : undefined)))
      return checked.filter((s): s is SIWXSession => s !== undefined)
    },
    getRequired: () => options.required ?? true,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true
  }
  return config
}
