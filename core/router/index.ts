/**
 * The modal view stack (SPEC §2, §4): views, pure transitions, and the timed helpers on Effect's `Clock`.
 * @module
 */
export * from "./constants.ts"
export type { ChainNamespace } from "./namespace.ts"
export * from "./navigation.ts"
export * from "./state.ts"
export * from "./timings.ts"
export * from "./views.ts"
