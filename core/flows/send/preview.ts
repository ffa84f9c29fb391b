import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { selectSend } from "../../resources/send.ts"
import { StateStore } from "../../state/StateStore.ts"
import { failureOf } from "./errors.ts"
import { prepareSend } from "./prepare.ts"

/**
 * Preview: a form that passes its check is prepared (`preparing`), then shown for confirmation (`preview`); a
 * failure returns to the form with its error. An answer for a form the user changed or left meanwhile is dropped.
 */
export const previewSend = Effect.gen(function* () {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const { canPreview, namespace, token } = selectSend(state)
  if (!canPreview) return
  const { form } = state.send
  store.update((s) => ({ ...s, send: { ...s.send, step: "preparing", error: undefined } }))
  const prepared = yield* prepareSend({ namespace, token, amount: form.amount, receiver: form.receiver }).pipe(
    Effect.result
  )
  store.update((s) => {
    if (s.send.step !== "preparing" || s.send.form !== form) return s
    return Result.isSuccess(prepared)
      ? { ...s, send: { ...s.send, step: "preview", preview: prepared.success } }
      : { ...s, send: { ...s.send, step: "form", error: failureOf(prepared.failure) } }
  })
}).pipe(Effect.withSpan("previewSend"))
