import type { SIWXConfig, SIWXSession, SiwxNetwork } from "../options/siwx.ts"
import { siwxNetworksKey } from "../options/siwx.ts"
import { sameAddress } from "../rules/sameAddress.ts"
import { randomNonce } from "../rules/siwxMessage.ts"
import { makeMessage } from "./message.ts"
import type { LocalSiwxOptions } from "./options.ts"
import { verifySession } from "./verify.ts"

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

/**
 * Sign-in checked in the browser and kept in `localStorage` (as AppKit's `DefaultSIWX`): a random nonce, an EIP-4361
 * or CAIP-122 message, the signature verified on the page (EOA locally; a smart account's EIP-1271 / EIP-6492
 * signature on the network's RPC; Solana's ed25519). Convenience, not security: anyone can write `localStorage`, so
 * an app with a backend uses `serverSiwx` (or its own config) and checks sessions on its server. The implementation
 * behind `localSiwx` (`./configs.ts`), in the lazy part `./parts.ts`.
 */
export const makeLocalSiwx = (options: LocalSiwxOptions = {}): SIWXConfig => {
  const key = options.storageKey ?? "@airlock/siwx"
  let networks: ReadonlyArray<SiwxNetwork> = []
  const rpcUrlOf = (chainId: string) => networks.find((n) => n.caipNetworkId === chainId)?.rpcUrls.default.http[0]
  const verify = (session: SIWXSession) => verifySession(session, rpcUrlOf)
  const config: SIWXConfig & { [siwxNetworksKey]: (list: ReadonlyArray<SiwxNetwork>) => void } = {
    [siwxNetworksKey]: (list) => {
      networks = list
    },
    createMessage: async (input) => {
      return makeMessage(input, randomNonce(), options)
    },
    addSession: async (session) => {
      if (!(await verify(session))) throw new Error("The signature is not valid")
      const others = readSessions(key).filter(
        (s) =>
          !(s.data.chainId === session.data.chainId && sameAddress(s.data.accountAddress, session.data.accountAddress))
      )
      writeSessions(key, [...others, session])
    },
    revokeSession: async (chainId, address) =>
      writeSessions(
        key,
        readSessions(key).filter((s) => !(s.data.chainId === chainId && sameAddress(s.data.accountAddress, address)))
      ),
    setSessions: async (sessions) => {
      for (const session of sessions) if (!(await verify(session))) throw new Error("The signature is not valid")
      writeSessions(key, sessions)
    },
    getSessions: async (chainId, address) => {
      const mine = readSessions(key).filter(
        (s) => s.data.chainId === chainId && sameAddress(s.data.accountAddress, address)
      )
      const checked = await Promise.all(mine.map(async (s) => ((await verify(s)) ? s : undefined)))
      return checked.filter((s): s is SIWXSession => s !== undefined)
    },
    getRequired: () => options.required ?? true,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true
  }
  return config
}
