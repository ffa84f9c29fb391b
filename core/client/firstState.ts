/**
 * The client's first snapshot, built synchronously from the options and the platform before any chunk loads: what
 * the buttons draw on the first frame, and (on a server's platform) what a server renders.
 * @module
 */
import { adapterNamespaces } from "../adapter/AirlockAdapter.ts"
import { OptionsError } from "../errors/catalogue.ts"
import { preferredLocale } from "../i18n/locales.ts"
import type { AirlockOptions } from "../options/AirlockOptions.ts"
import { checkOptions } from "../options/checkOptions.ts"
import { initial as initialRouter } from "../router/state.ts"
import { resolveFeatures } from "../rules/resolveFeatures.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import { Platform, type PlatformShape } from "../services/Platform.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { deepFreeze } from "../state/freeze.ts"
import { makeInitialState } from "../state/initial.ts"
import { resolveThemeMode } from "../state/theme.ts"

/**
 * Frozen snapshots make an app's accidental `getState().x = y` throw instead of silently desyncing the renderer.
 * Bundlers replace `process.env.NODE_ENV`, so production builds fold this to `undefined` and drop `deepFreeze`.
 */
export const seal = typeof process !== "undefined" && process.env.NODE_ENV !== "production" ? deepFreeze : undefined

/**
 * The stored connection statuses, read synchronously so the first snapshot of a returning visitor says `connecting`
 * (a reconnect is under way) rather than `disconnected`: no Connect button flashes before the reconnect settles.
 */
const storedStatuses = (options: AirlockOptions, platform: PlatformShape) => {
  const statuses: Partial<Record<ChainNamespace, "connecting">> = {}
  if (options.enableReconnect === false) return statuses
  try {
    for (const adapter of options.adapters ?? []) {
      for (const namespace of adapterNamespaces(adapter)) {
        const stored = platform.localStorage?.getItem(`@airlock/${namespace}:connection_status`)
        if (stored === "connected" || stored === "connecting") statuses[namespace] = "connecting"
      }
    }
  } catch {
    // Storage blocked: the reconnect on start still reads it through the Storage service's fallback.
  }
  return statuses
}

/** The state of a client that stopped: its error as the renderer shows it, the modal closed. */
export const stopped = (state: AirlockState, status: "error" | "destroyed", error: unknown): AirlockState => {
  const { _tag, name, shortMessage, message } = error as Partial<OptionsError>
  return {
    ...state,
    status,
    error: { name: _tag ?? name ?? "Error", message: shortMessage ?? message ?? String(error) },
    modal: initialRouter
  }
}

const build = (options: AirlockOptions, platform: PlatformShape, error: OptionsError | undefined): AirlockState => {
  const { features } = resolveFeatures({ local: error ? undefined : options.features, basic: options.basic === true })
  const state = makeInitialState({
    networks: error ? [] : options.networks,
    activeNetwork: error ? undefined : (options.defaultNetwork ?? options.networks[0]),
    themeMode: resolveThemeMode(
      error ? undefined : options.themeMode,
      platform.matchMedia === undefined ? undefined : platform.prefersDark()
    ),
    themeVariables: error ? undefined : options.themeVariables,
    features,
    statuses: error ? {} : storedStatuses(options, platform),
    isMobile: platform.isMobile(),
    hasInjectedWallet: false,
    excludedWallets: error ? [] : options.excludeWalletIds,
    siwx: !error && (options.siwx !== undefined || options.siweConfig !== undefined),
    locale: !error && typeof options.locale === "object" ? options.locale : undefined
  })
  return error === undefined ? state : stopped(state, "error", error)
}

/**
 * Checks the options (plain code, no schema) and builds the first snapshot on `platform`. Never throws: an option the
 * schema has not decoded yet that breaks the snapshot refuses the options instead.
 */
export const firstState = (
  options: AirlockOptions,
  platform: PlatformShape,
  unreadable?: OptionsError | undefined
): { readonly state: AirlockState; readonly invalid: OptionsError | undefined } => {
  const invalid = unreadable ?? checkOptions(options)
  try {
    return { state: build(options, platform, invalid), invalid }
  } catch (cause) {
    const refused = new OptionsError({ reason: "Invalid", details: String(cause), cause })
    return { state: build(options, platform, refused), invalid: refused }
  }
}

/**
 * What a server renders: the first snapshot on a server's platform (no storage, colour scheme or user agent), built
 * on the first call only, as browsers that never hydrate never ask.
 */
export const serverSnapshotOf = (options: AirlockOptions, unreadable: OptionsError | undefined) => {
  let snapshot: AirlockState | undefined
  return (): AirlockState => {
    snapshot ??= ((state) => (seal === undefined ? state : seal(state)))(
      firstState(options, Platform.makeServer(), unreadable).state
    )
    return snapshot
  }
}

/**
 * The locale to load after start: the app's tag, else the first of the visitor's languages Airlock bundles;
 * `undefined` when English (already in place) or a catalogue the app passed serves.
 */
export const localeToLoad = (options: AirlockOptions, platform: PlatformShape): string | undefined => {
  if (typeof options.locale === "object") return undefined
  const wanted = options.locale ?? preferredLocale(platform.navigator?.languages ?? [])
  return wanted === "en" ? undefined : wanted
}
