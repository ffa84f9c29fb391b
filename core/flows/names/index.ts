/**
 * Account names (eip155), one chunk (core's names part, `core/client/names.ts`), loaded on the first names action:
 * RegisterAccountName's live check and suggestions, and the registration (SPEC §4).
 * @module
 */
export { NAME_CHECK_DEBOUNCE_MS, setAccountName } from "./input.ts"
export { registerAccountName } from "./register.ts"
export { type NameRegistrationParams, resetNameRegistration, startNameRegistration } from "./start.ts"
