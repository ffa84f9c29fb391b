/**
 * The names slice as the names flows change it, and the registration's failures as catalogue data.
 * @module
 */
import { ChainError, NameError } from "../../errors/catalogue.ts"
import type { Message } from "../../i18n/catalogue.ts"
import { describeError } from "../../i18n/describeError.ts"
import { accountNameProblem, fullName } from "../../rules/names.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { NamesState } from "../../state/names.ts"
import type { Store } from "../../state/Store.ts"

const problemText = { tooShort: "names.tooShort", invalidCharacters: "names.invalidCharacters" } as const

/** The slice with what follows from its label, check, step and error derived again. */
export const deriveNames = (names: NamesState): NamesState => {
  const label = names.label.trim()
  const problem = label === "" ? undefined : accountNameProblem(label)
  const name = label === "" ? "" : fullName(label, names.zone)
  const message: Message | undefined =
    problem !== undefined
      ? { id: problemText[problem] }
      : names.check === "taken"
        ? { id: "names.taken", params: { name } }
        : names.error
  return {
    ...names,
    name,
    problem,
    message,
    canRegister: names.step === "form" && names.check === "available",
    busy: names.step === "signing" || names.step === "registering"
  }
}

/** The slice before anything is typed, in `zone`. */
export const blankNames = (zone: string): NamesState =>
  deriveNames({
    label: "",
    zone,
    name: "",
    problem: undefined,
    check: "idle",
    suggestions: [],
    step: "form",
    message: undefined,
    canRegister: false,
    busy: false,
    seq: 0
  })

/**
 * Applies `change` to the slice (nothing when there is no slice or `change` answers `undefined`); returns the slice
 * as it is afterwards.
 */
export const updateNames = (
  store: Store<AirlockState>,
  change: (names: NamesState, state: AirlockState) => NamesState | undefined
): NamesState | undefined => {
  store.update((state) => {
    if (state.names === undefined) return state
    const next = change(state.names, state)
    return next === undefined || next === state.names ? state : { ...state, names: deriveNames(next) }
  })
  return store.getSnapshot().names
}

/**
 * A failed registration of `name` as the user reads it (SPEC §8): the API's first reason when it gave one, else
 * 'Error registering name {name}' (a refusal in the wallet too); 'Invalid chainId' and a missing account as they are.
 */
export const registrationFailure = (error: unknown, name: string): NameError | ChainError =>
  (error instanceof NameError && (error.reason === "RegisterRejected" || error.reason === "InvalidChainId")) ||
  error instanceof ChainError
    ? error
    : new NameError({ reason: "RegisterFailed", params: { name }, cause: error })

/** The text of a failure, for the slice. */
export const failureMessage = (error: NameError | ChainError): Message =>
  describeError(error, "NameError.RegisterFailed")
