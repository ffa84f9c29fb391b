import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { ConnectionError } from "../../errors/catalogue.ts"
import { ClientConfig } from "../../services/ClientConfig.ts"
import { Frame } from "../../services/Frame.ts"
import type { FrameShape } from "../../services/FrameShape.ts"
import { Options } from "../../services/Options.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"

/** The namespace the embedded wallet serves. */
export const namespace = "eip155"

/** The AUTH connector, or 'No auth connector found' (no `embedded()` adapter). */
export const authConnector = Effect.gen(function* () {
  const connector = (yield* StateStore).getSnapshot().connectors.find((c) => c.type === "AUTH")
  if (connector === undefined) return yield* new ConnectionError({ reason: "NoAuthConnector" })
  return connector
})

/** The frames whose theme and dapp data were sent already (once per frame; the theme again when it changes). */
const synced = new WeakSet<FrameShape>()

/** SYNC_THEME and SYNC_DAPP_DATA once the frame is first ready, and SYNC_THEME again on every theme change. */
const syncFrame = (frame: FrameShape) =>
  Effect.gen(function* () {
    if (synced.has(frame)) return
    synced.add(frame)
    const store = yield* StateStore
    const config = yield* ClientConfig
    const options = yield* Options
    const theme = (state: AirlockState) => ({
      themeMode: state.themeMode,
      themeVariables: Object.fromEntries(
        Object.entries(state.themeVariables).flatMap(([key, value]) =>
          typeof value === "string" || typeof value === "number" ? [[key, value]] : []
        )
      )
    })
    const quiet = <A, E>(effect: Effect.Effect<A, E>) =>
      effect.pipe(Effect.catch((error) => Effect.logWarning("Airlock: the frame did not take the sync", error)))
    yield* forkInClient(
      Effect.all(
        [
          quiet(frame.request("SYNC_THEME", theme(store.getSnapshot()))),
          quiet(
            frame.request("SYNC_DAPP_DATA", {
              ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
              sdkVersion: config.sdkVersion,
              sdkType: config.sdkType,
              projectId: config.projectId
            })
          )
        ],
        { discard: true }
      )
    )
    const context = yield* Effect.context<never>()
    store.subscribe((state, previous) => {
      if (state.themeMode === previous.themeMode && state.themeVariables === previous.themeVariables) return
      Effect.runForkWith(context)(quiet(frame.request("SYNC_THEME", theme(state))))
    })
  })

/**
 * The frame, created with the active EVM network (SPEC §7's parameters) and initialised: 'No auth connector found'
 * without the embedded adapter's layer.
 */
export const readyFrame = Effect.gen(function* () {
  const found = yield* Effect.serviceOption(Frame)
  if (Option.isNone(found)) return yield* new ConnectionError({ reason: "NoAuthConnector" })
  const frame = found.value
  const state = (yield* StateStore).getSnapshot()
  const network = state.activeNetworks[namespace] ?? state.networks.find((n) => n.chainNamespace === namespace)
  if (network === undefined)
    return yield* new ConnectionError({ reason: "NoRequestedChains", details: "No EVM network" })
  yield* frame.ensureFrame({ chainId: Number(network.id), rpcUrl: network.rpcUrls.default.http[0] ?? "" })
  yield* frame.ready
  yield* syncFrame(frame)
  return frame
})

/** The connected embedded user's connector, or 'Not connected to email or social'. */
export const connectedAuth = Effect.gen(function* () {
  const state = (yield* StateStore).getSnapshot()
  const connectorId = state.activeConnectorIds[namespace]
  const connector = state.connectors.find((c) => c.id === connectorId)
  if (connectorId === undefined || connector?.type !== "AUTH") {
    return yield* new ConnectionError({ reason: "NotConnectedToEmailOrSocial" })
  }
  return connectorId
})
