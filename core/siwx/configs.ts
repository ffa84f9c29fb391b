/**
 * The configurations `airlock-kit/siwx` ships, as an app creates them at start: a few lines each (the options, the
 * required and sign-out flags), whose work (`./parts.ts`, `./serverParts.ts`: the session stores, the message writer,
 * the checks) loads the first time sign-in calls them, never on the first load.
 * @module
 */
import type { SIWXConfig, SiwxNetwork } from "../options/siwx.ts"
import { siwxNetworksKey, siwxPreloadKey } from "../options/siwx.ts"
import type { LocalSiwxOptions, ServerSiwxOptions, SiwxMessageOptions } from "./options.ts"

export type { LocalSiwxOptions, ServerSiwxOptions, SiwxMessageOptions } from "./options.ts"

type Bindable = SIWXConfig & {
  readonly [siwxNetworksKey]?: (networks: ReadonlyArray<SiwxNetwork>) => void
  readonly [siwxPreloadKey]?: () => void
}

/**
 * A configuration whose methods load `load()`'s on first use; its flags, and whether it can capture an email (mail
 * and confirm codes), are known at once.
 */
const lazyConfig = (options: SiwxMessageOptions, load: () => Promise<Bindable>, capturesEmail: boolean): SIWXConfig => {
  let networks: ReadonlyArray<SiwxNetwork> = []
  let loaded: Promise<Bindable> | undefined
  const config = () =>
    (loaded ??= load().then((real) => {
      real[siwxNetworksKey]?.(networks)
      return real
    }))
  const bindable: Bindable = {
    [siwxNetworksKey]: (list) => {
      networks = list
      loaded?.then((real) => real[siwxNetworksKey]?.(list))
    },
    [siwxPreloadKey]: () => {
      config().catch(() => undefined)
    },
    createMessage: (input) => config().then((real) => real.createMessage(input)),
    addSession: (session) => config().then((real) => real.addSession(session)),
    revokeSession: (chainId, address) => config().then((real) => real.revokeSession(chainId, address)),
    setSessions: (sessions) => config().then((real) => real.setSessions(sessions)),
    getSessions: (chainId, address) => config().then((real) => real.getSessions(chainId, address)),
    getRequired: () => options.required ?? true,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
    ...(capturesEmail
      ? {
          requestEmailOtp: (args: { readonly email: string; readonly account: string }) =>
            config().then((real) => real.requestEmailOtp?.(args) ?? Promise.reject(new Error("No email capture"))),
          confirmEmailOtp: (args: { readonly code: string }) =>
            config().then((real) => real.confirmEmailOtp?.(args) ?? Promise.reject(new Error("No email capture")))
        }
      : {})
  }
  return bindable
}

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
export const localSiwx = (options: LocalSiwxOptions = {}): SIWXConfig =>
  lazyConfig(options, () => import("./parts.ts").then((m) => m.makeLocalSiwx(options)), false)

/**
 * Sign-in a server checks (the sandbox API's `/auth/v1/*` routes, or your own server's with `airlock-kit/server`):
 * the nonce comes from the server, the server verifies the signed message (EOA, EIP-1271, EIP-6492, Solana) and
 * keeps the session in an HttpOnly cookie; `getSessions` asks it. Calls are credentialed, so the server must answer
 * CORS for the page's origin with credentials (the sandbox does for a project's allowed origins). With the
 * `emailCapture` feature on, sign-in first asks for an email address and confirms it with a mailed code; the server
 * keeps the confirmed address in the session.
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { evm } from "airlock-kit/evm"
 * import { mainnet } from "airlock-kit/networks"
 * import { serverSiwx } from "airlock-kit/siwx"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({
 *   projectId: "airlock-demo",
 *   networks: [mainnet],
 *   adapters: [evm()],
 *   endpoints: { walletApi: api, blockchainApi: api },
 *   siwx: serverSiwx({ url: api, projectId: "airlock-demo" })
 * })
 * ```
 */
export const serverSiwx = (options: ServerSiwxOptions): SIWXConfig =>
  lazyConfig(options, () => import("./serverParts.ts").then((m) => m.makeServerSiwx(options)), true)
