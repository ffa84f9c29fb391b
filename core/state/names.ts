/**
 * The RegisterAccountName view's machine as the state holds it (SPEC §4 name registration, §5 validation, eip155
 * only): the label typed, its live check and the suggestions, the registration's step and error. Written by core's
 * names part (`core/flows/names`); absent until `startNameRegistration`. `selectNameRegistration` gives what a
 * renderer draws.
 * @module
 */
import type { Message } from "../i18n/catalogue.ts"
import { type AccountNameProblem, defaultNameZone } from "../rules/names.ts"

/**
 * Where the typed name stands: nothing typed (`idle`), breaks SPEC §5 (`invalid`), waits out the pause or the API
 * (`checking`), is free (`available`), is registered already (`taken`), could not be checked (`failed`).
 */
export type NameCheck = "idle" | "invalid" | "checking" | "available" | "taken" | "failed"

/** The registration's step: the form, the wallet signing (`signing`), the API registering, done (`success`). */
export type NameRegistrationStep = "form" | "signing" | "registering" | "success"

/** A name the API suggests for the label typed, and whether it is free. */
export interface NameSuggestionView {
  /** The full name, `label.zone`. */
  readonly name: string
  readonly available: boolean
}

/**
 * The names slice, as core's names part writes it: what the user typed and what follows from it (derived by the
 * flows, so a renderer only draws it).
 */
export interface NamesState {
  /** The label as typed, without the zone. */
  readonly label: string
  /** The zone names are registered in (`airlock.id`). */
  readonly zone: string
  /** The full name the label makes (`ada.airlock.id`); empty while nothing is typed. */
  readonly name: string
  /** SPEC §5's problem of the label typed, once something is typed. */
  readonly problem: AccountNameProblem | undefined
  readonly check: NameCheck
  /** Suggestions for the last label checked: free names first, the typed one excluded. */
  readonly suggestions: ReadonlyArray<NameSuggestionView>
  readonly step: NameRegistrationStep
  /** Why the last check or registration failed ('Error registering name {name}', or the API's first reason). */
  readonly error?: Message | undefined
  /** The text under the input: the label's problem, 'taken', or the last error. */
  readonly message: Message | undefined
  /** Whether Register may be pressed: a free name, on the form. */
  readonly canRegister: boolean
  /** Whether the registration is under way (signing or registering). */
  readonly busy: boolean
  /** The full name registered last. */
  readonly registered?: string | undefined
  /** Counts edits: a check answers only for the edit it was made for. */
  readonly seq: number
}

/** What a renderer draws of the names slice. */
export type NameRegistrationView = NamesState

/** The empty form, before `startNameRegistration`. */
const idle: NamesState = {
  label: "",
  zone: defaultNameZone,
  name: "",
  problem: undefined,
  check: "idle",
  suggestions: [],
  step: "form",
  message: undefined,
  canRegister: false,
  busy: false,
  seq: 0
}

/**
 * The name registration as a renderer draws it (the empty form in the default zone before `startNameRegistration`).
 * @example
 * ```ts
 * selectNameRegistration(airlock.getState()).canRegister // false until a free name is typed
 * ```
 */
export const selectNameRegistration = (state: { readonly names?: NamesState | undefined }): NameRegistrationView =>
  state.names ?? idle
