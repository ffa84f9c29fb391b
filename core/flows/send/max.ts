import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { selectSend } from "../../resources/send.ts"
import { fromBaseUnits, toBaseUnits, tokenDecimals } from "../../rules/send.ts"
import { StateStore } from "../../state/StateStore.ts"
import { editSendForm } from "../../state/send.ts"
import { failureOf } from "./errors.ts"
import { prepareSend } from "./prepare.ts"

/**
 * Max: the most the chosen token can send, as the amount. An ERC-20 or SPL token sends its whole balance. The native
 * coin pays the fee too: its balance less 1.2 × the fee of a transfer like this one (probed with `prepareSend`, to
 * the receiver typed, else to the user's own address: the fee barely depends on it), never below 0. A failed probe
 * shows its error and leaves the amount as it was. On the form step only.
 */
export const sendMax = Effect.gen(function* () {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const { token, namespace, step } = selectSend(state)
  const decimals = token === undefined ? undefined : tokenDecimals(token)
  if (step !== "form" || token === undefined || decimals === undefined || namespace === undefined) return
  if (token.address !== undefined) {
    store.update((s) => ({ ...s, send: editSendForm(s.send, { amount: token.quantity.numeric }) }))
    return
  }
  const started = state.send.form
  const probe = yield* prepareSend({
    namespace,
    token,
    amount: fromBaseUnits(1n, decimals),
    receiver: started.receiver.trim() === "" ? (state.accounts[namespace].address ?? "") : started.receiver
  }).pipe(Effect.result)
  store.update((s) => {
    const { form } = s.send
    if (s.send.step !== "form") return s
    // A failure is about the form as it was; an amount is still the one to show unless another was typed meanwhile.
    if (Result.isFailure(probe)) {
      return form === started ? { ...s, send: { ...s.send, error: failureOf(probe.failure) } } : s
    }
    if (form.token !== started.token || form.amount !== started.amount) return s
    const balance = toBaseUnits(token.quantity.numeric, decimals) ?? 0n
    const fee = toBaseUnits(probe.success.fee, decimals) ?? 0n
    const rest = balance - (fee * 6n) / 5n
    return { ...s, send: editSendForm(s.send, { amount: fromBaseUnits(rest > 0n ? rest : 0n, decimals) }) }
  })
}).pipe(Effect.withSpan("sendMax"))
