/**
 * Everything core runs after start, as one chunk: the services' live layers (HTTP, storage, the APIs, the options'
 * decode), the flows, each area a namespace, the frame's lookup for adapters and the whole English catalogue.
 * `createAirlock` fetches it right away (its runtime needs the services), so the first click finds the flows already
 * there, and a bundler makes one file of what is fetched together. The embedded wallet's part is apart (`./embedded.ts`): only `embedded()` needs it.
 * @module
 */
// A bundler hint, no names (see ./kernel.ts): core's kernel.
import "./kernel.ts"

/** The whole English catalogue: the client completes the first snapshot's English with it (see `firstEnglish`). */
export { adaptersLayer } from "../adapter/adaptersLayer.ts"
export * as approval from "../flows/approval/index.ts"
export * as connection from "../flows/connection/index.ts"
export * as events from "../flows/events/index.ts"
export * as modal from "../flows/modal/index.ts"
export * as network from "../flows/network/index.ts"
export * as remote from "../flows/remote/index.ts"
export { initialize } from "../flows/remote/initialize.ts"
export * as send from "../flows/send/index.ts"
export { loadLocale } from "../i18n/loadLocale.ts"
export { en as english } from "../i18n/locales/en.ts"
export { frameClient } from "../services/frameClient.ts"
export { serviceLayers } from "./layers.ts"
