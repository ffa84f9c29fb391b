/**
 * The modal's timed behaviour as Effects on Effect's `Clock`: shake, snack messages and the router's delayed effects.
 *
 * Each takes the state it drives as a {@link Cell}, so the client hands in a slice of its store (`cell(store, "shake")`).
 * The returned Effects wait out their delays; fork them when the caller must not wait.
 * @module
 */
import * as Effect from "effect/Effect"
import type { Message } from "../i18n/catalogue.ts"
import { SHAKE_MS, SNACK_REPLACE_MS, SNACK_SHOWN_MS } from "./constants.ts"
import type { ChainNamespace } from "./namespace.ts"
import type { RouterEffect } from "./navigation.ts"

/**
 * A readable, writable value: the part of a state store these helpers need.
 *
 * @example
 * ```ts
 * import { cell, makeStore } from "../state/Store.ts"
 * import type { Cell } from "./timings.ts"
 * const shaking: Cell<boolean> = cell(makeStore({ shake: false }), "shake")
 * ```
 */
export interface Cell<A> {
  readonly get: Effect.Effect<A>
  readonly set: (value: A) => Effect.Effect<void>
  readonly update: (f: (value: A) => A) => Effect.Effect<void>
  /** Atomically computes a result and the next value. */
  readonly modify: <B>(f: (value: A) => readonly [B, A]) => Effect.Effect<B>
}

/**
 * Shakes the modal: the flag is true for {@link SHAKE_MS} (500 ms), then false. A shake while one is running is
 * ignored rather than extended. Interrupting it clears the flag.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { cell, makeStore } from "../state/Store.ts"
 * import { shake } from "./timings.ts"
 * const program = Effect.forkChild(shake(cell(makeStore({ shake: false }), "shake")))
 * ```
 */
export const shake = (shaking: Cell<boolean>): Effect.Effect<void> =>
  Effect.flatMap(
    shaking.modify((current) => (current ? [false, true] : [true, true])),
    (started) => (started ? Effect.sleep(SHAKE_MS).pipe(Effect.ensuring(shaking.set(false))) : Effect.void)
  )

/**
 * How a snack message looks.
 *
 * @example
 * ```ts
 * import type { SnackVariant } from "./timings.ts"
 * const variant: SnackVariant = "error"
 * ```
 */
export type SnackVariant = "success" | "error" | "warning" | "info" | "loading"

/**
 * A short message shown briefly in the modal; the snack slice holds one, or `undefined` when none is shown. Its
 * text is catalogue data (an id and its values), which a renderer looks up in the state's language.
 *
 * @example
 * ```ts
 * import type { SnackMessage } from "./timings.ts"
 * const snack: SnackMessage = { message: { id: "AccountDataError.TransactionsFailed" }, variant: "error" }
 * ```
 */
export interface SnackMessage {
  readonly message: Message
  readonly variant: SnackVariant
}

/**
 * What `airlock.showSnack` takes: a catalogue {@link Message} (shown in the state's language), or an app's own words
 * as a string, shown as written.
 *
 * @example
 * ```ts
 * import type { ShowSnackParameters } from "./timings.ts"
 * const saved: ShowSnackParameters = { message: "Profile saved", variant: "success" }
 * const copied: ShowSnackParameters = { message: { id: "common.addressCopied" }, variant: "success" }
 * ```
 */
export interface ShowSnackParameters {
  readonly message: Message | string
  readonly variant: SnackVariant
}

/**
 * The snack the state holds for `parameters`: an app's string becomes the catalogue's `common.appText` (`{text}`), so
 * every snack in the state is catalogue data.
 *
 * @example
 * ```ts
 * import { snackOf } from "./timings.ts"
 * snackOf({ message: "Profile saved", variant: "success" }).message // { id: "common.appText", params: { text: "Profile saved" } }
 * ```
 */
export const snackOf = ({ message, variant }: ShowSnackParameters): SnackMessage => ({
  message: typeof message === "string" ? { id: "common.appText", params: { text: message } } : message,
  variant
})

/**
 * Shows a snack message (SPEC §4). If one is shown, it closes first and the new one appears {@link SNACK_REPLACE_MS}
 * (150 ms) later, unless another message took the place in between (the newest wins).
 *
 * @example
 * ```ts
 * import { cell, makeStore } from "../state/Store.ts"
 * import { type SnackMessage, showSnack } from "./timings.ts"
 * const snack = cell(makeStore<{ snack: SnackMessage | undefined }>({ snack: undefined }), "snack")
 * const program = showSnack(snack, { message: { id: "common.addressCopied" }, variant: "success" })
 * ```
 */
export const showSnack = (snack: Cell<SnackMessage | undefined>, message: SnackMessage): Effect.Effect<void> =>
  Effect.flatMap(
    snack.modify((current) => (current === undefined ? [false, message] : [true, undefined])),
    (replacing) =>
      replacing
        ? Effect.sleep(SNACK_REPLACE_MS).pipe(
            Effect.andThen(snack.update((current) => (current === undefined ? message : current)))
          )
        : Effect.void
  )

/**
 * Shows a snack message ({@link showSnack}), then hides it after {@link SNACK_SHOWN_MS} (2.2 s) unless a newer one
 * took its place.
 *
 * @example
 * ```ts
 * import { cell, makeStore } from "../state/Store.ts"
 * import { flashSnack, type SnackMessage } from "./timings.ts"
 * const snack = cell(makeStore<{ snack: SnackMessage | undefined }>({ snack: undefined }), "snack")
 * const program = flashSnack(snack, { message: { id: "common.addressCopied" }, variant: "success" })
 * ```
 */
export const flashSnack = (snack: Cell<SnackMessage | undefined>, message: SnackMessage): Effect.Effect<void> =>
  showSnack(snack, message).pipe(
    Effect.andThen(Effect.sleep(SNACK_SHOWN_MS)),
    Effect.andThen(snack.update((current) => (current === message ? undefined : current)))
  )

/**
 * Hides the snack message shown now.
 *
 * @example
 * ```ts
 * import { cell, makeStore } from "../state/Store.ts"
 * import { hideSnack, type SnackMessage } from "./timings.ts"
 * const snack = cell(makeStore<{ snack: SnackMessage | undefined }>({ snack: undefined }), "snack")
 * const program = hideSnack(snack)
 * ```
 */
export const hideSnack = (snack: Cell<SnackMessage | undefined>): Effect.Effect<void> => snack.set(undefined)

/**
 * What runs each {@link RouterEffect}; supplied by the store or client that owns the connectors and networks.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import type { RouterEffectHandlers } from "./timings.ts"
 * const handlers: RouterEffectHandlers = {
 *   switchNamespace: () => Effect.void, clearFarcasterUrl: Effect.void, reloadAuthConnector: Effect.void
 * }
 * ```
 */
export interface RouterEffectHandlers<E = never, R = never> {
  readonly switchNamespace: (namespace: ChainNamespace) => Effect.Effect<void, E, R>
  readonly clearFarcasterUrl: Effect.Effect<void, E, R>
  readonly reloadAuthConnector: Effect.Effect<void, E, R>
}

/**
 * Runs a transition's effects in order; the auth-connector reload waits its delay (100 ms) on the `Clock` first.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { runRouterEffects } from "./timings.ts"
 * const program = runRouterEffects([{ _tag: "ClearFarcasterUrl" }, { _tag: "ReloadAuthConnector", delayMs: 100 }], {
 *   switchNamespace: () => Effect.void, clearFarcasterUrl: Effect.log("cleared"), reloadAuthConnector: Effect.log("reloaded")
 * })
 * ```
 */
export const runRouterEffects = <E, R>(
  effects: ReadonlyArray<RouterEffect>,
  handlers: RouterEffectHandlers<E, R>
): Effect.Effect<void, E, R> =>
  Effect.forEach(
    effects,
    (effect) => {
      switch (effect._tag) {
        case "SwitchNamespace":
          return handlers.switchNamespace(effect.namespace)
        case "ClearFarcasterUrl":
          return handlers.clearFarcasterUrl
        case "ReloadAuthConnector":
          return Effect.sleep(effect.delayMs).pipe(Effect.andThen(handlers.reloadAuthConnector))
      }
    },
    { discard: true }
  )
