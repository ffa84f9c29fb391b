/**
 * `airlock-kit/embedded`: the embedded wallet. Visitors without a wallet log in by email (a code from their mailbox) or a
 * social account and get one: an EOA whose key stays inside a frame on the secure site's own origin, and a smart
 * account. One AUTH connector is listed from the start; the frame, its code and the login views load on first use.
 * `endpoints.frame` is the secure site (the sandbox's `http://127.0.0.1:4410`, or your own).
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { embedded } from "airlock-kit/embedded"
 * import { evm } from "airlock-kit/evm"
 * import { mainnet } from "airlock-kit/networks"
 *
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({
 *   projectId: "airlock-demo",
 *   networks: [mainnet],
 *   adapters: [evm(), embedded()],
 *   endpoints: { walletApi: api, blockchainApi: api, frame: "http://127.0.0.1:4410" }
 * })
 * ```
 * @module
 */
import type { AirlockAdapter } from "../../core/adapter/AirlockAdapter.ts"
import { frameLayer } from "../../core/client/frameLayer.ts"
import type { ConnectorData } from "../../core/schema/connector.ts"
import { type EmbeddedOptions, embeddedConnectorId } from "./options.ts"

export {
  answerRequest,
  connectDevice,
  connectEmail,
  connectFarcaster,
  connectOtp,
  connectSocial,
  emailCooldown,
  openSocialPopup,
  setPreferredAccount,
  smartAccountNetworks,
  startEmailLogin,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp
} from "./actions.ts"

export { type EmbeddedOptions, embeddedConnectorId } from "./options.ts"

const connector: ConnectorData = {
  id: embeddedConnectorId,
  type: "AUTH",
  name: "Email & Socials",
  chain: "eip155"
}

/**
 * The embedded wallet's adapter descriptor for `createAirlock({ adapters: [embedded()] })`: it adds core's Frame
 * service to the client (its code is fetched when the client starts, not on the first load) and the AUTH connector.
 * @example
 * ```ts
 * import { embedded } from "airlock-kit/embedded"
 * const adapter = embedded({ defaultAccountType: "eoa" })
 * ```
 */
export const embedded = (options: EmbeddedOptions = {}): AirlockAdapter => ({
  namespace: "eip155",
  watchConnectors: (onChange) => {
    onChange([connector])
    return () => {}
  },
  layer: frameLayer,
  load: (context) => import("./implementation.ts").then((m) => m.makeEmbeddedImplementation(context, options))
})
