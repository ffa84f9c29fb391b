import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { accountNameProblem, fullName } from "../../rules/names.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { updateNames } from "./slice.ts"

/**
 * How long the label must stay unchanged before its suggestions are asked (ms): typing "ada-lovelace" asks once. The
 * same pause as a wallet search's (SPEC §9's 300 ms).
 */
export const NAME_CHECK_DEBOUNCE_MS = 300

/** Asks the suggestions of edit `seq`'s label once it stayed {@link NAME_CHECK_DEBOUNCE_MS}; a later edit drops it. */
const checkLabel = (seq: number) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    yield* Effect.sleep(`${NAME_CHECK_DEBOUNCE_MS} millis`)
    const names = store.getSnapshot().names
    if (names === undefined || names.seq !== seq || names.check !== "checking") return
    const label = names.label.trim().toLowerCase()
    const name = fullName(label, names.zone)
    const answer = yield* (yield* BlockchainApi)
      .getNameSuggestions({ name: label, zone: names.zone })
      .pipe(Effect.result)
    updateNames(store, (n) => {
      if (n.seq !== seq) return undefined
      if (Result.isFailure(answer))
        return { ...n, check: "failed", suggestions: [], error: { id: "NameError.SuggestionsFailed" } }
      // The typed name is taken when the API says so; one it leaves out is left to the registration to refuse.
      const exact = answer.success.find((s) => s.name.toLowerCase() === name)
      const suggestions = answer.success
        .filter((s) => s.name.toLowerCase() !== name && s.name.endsWith(`.${n.zone}`))
        .map((s) => ({ name: s.name.toLowerCase(), available: s.registered !== true }))
        .sort((a, b) => Number(b.available) - Number(a.available))
      return { ...n, check: exact?.registered === true ? "taken" : "available", suggestions, error: undefined }
    })
  })

/**
 * Sets the label typed (the zone is added to it). SPEC §5's rules are checked at once; a label that passes is checked
 * against the API once it stayed 300 ms (`check: "checking"` until then), which also gives the suggestions. Ignored
 * while a registration is under way.
 */
export const setAccountName = (label: string) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const after = updateNames(store, (n) => {
      if (n.step === "signing" || n.step === "registering") return undefined
      if (n.label === label && n.step === "form") return undefined
      const trimmed = label.trim()
      const check = trimmed === "" ? "idle" : accountNameProblem(trimmed) === undefined ? "checking" : "invalid"
      return {
        ...n,
        label,
        check,
        step: "form",
        error: undefined,
        suggestions: check === "checking" ? n.suggestions : [],
        seq: n.seq + 1
      }
    })
    if (after?.check === "checking") yield* forkInClient(checkLabel(after.seq))
  })
