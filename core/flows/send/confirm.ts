import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { goBack } from "../../router/navigation.ts"
import { flashSnack } from "../../router/timings.ts"
import type { SendPreview } from "../../rules/send.ts"
import { Options } from "../../services/Options.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { routerContext } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"
import { cell } from "../../state/Store.ts"
import { initialSend } from "../../state/send.ts"
import { settleNavigation } from "../modal/settle.ts"
import { failureOf } from "./errors.ts"
import { executeSend } from "./execute.ts"

/**
 * A copy of the plain objects and arrays in `value` (anything else shared): snapshots are frozen outside production,
 * and the wallet library that gets the request's params may write into them.
 */
const thaw = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(thaw)
    : typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, thaw(item)]))
      : value

/**
 * Confirm: the previewed transfer goes to the wallet (`sending`). Sent, the 'Sent {amount} {symbol}' snack shows and
 * the modal goes back from Send (to Account), with the form emptied; refused or failed, the preview shows again with
 * the error. An answer for a send the user left meanwhile changes nothing but the snack.
 */
export const confirmSend = Effect.gen(function* () {
  const store = yield* StateStore
  const { send } = store.getSnapshot()
  const preview = send.preview
  if (send.step !== "preview" || preview === undefined) return
  store.update((s) => ({ ...s, send: { ...s.send, step: "sending", error: undefined } }))
  const request = { ...preview.request, params: thaw(preview.request.params) }
  const sent = yield* executeSend({ ...preview, request } satisfies SendPreview).pipe(Effect.result)
  const current = (s: AirlockState) => s.send.step === "sending" && s.send.preview === preview
  if (Result.isFailure(sent)) {
    store.update((s) =>
      current(s) ? { ...s, send: { ...s.send, step: "preview", error: failureOf(sent.failure) } } : s
    )
    return
  }
  yield* forkInClient(
    flashSnack(cell(store, "snack"), {
      message: { id: "send.sent", params: { amount: preview.amount, symbol: preview.token.symbol } },
      variant: "success"
    })
  )
  const options = yield* Options
  const now = store.getSnapshot()
  if (!current(now)) return
  // Back from Send (what the back button does) and an empty form, in one change.
  const left = now.modal.open && now.modal.view === "Send" ? goBack(now.modal, routerContext(now, options)) : undefined
  store.update((s) => ({ ...s, send: initialSend, ...(left === undefined ? {} : { modal: left.state }) }))
  if (left !== undefined && (left.effects.length > 0 || !left.state.open)) yield* settleNavigation(left, true)
}).pipe(Effect.withSpan("confirmSend"))
