import type { CaipNetworkId } from "../schema/network.ts"

/**
 * Where sign-in with the wallet stands for the active account (SPEC §4), `state.siwx`:
 * - `disabled`: no `siwx` or `siweConfig` option;
 * - `idle`: nothing connected;
 * - `checking`: the connected account's sessions are being read;
 * - `unauthenticated`: no session for this account on this network (the sign view asks for one);
 * - `signing`: the wallet is asked to sign;
 * - `authenticated`: a session exists (`session` names it).
 */
export type SiwxStatus = "disabled" | "idle" | "checking" | "unauthenticated" | "signing" | "authenticated"

/** The signed-in account and network, and when its message stops being valid (ISO), if it says. */
export interface SiwxSessionInfo {
  readonly address: string
  readonly chainId: CaipNetworkId
  readonly expirationTime?: string | undefined
}

/** `state.siwx`: the status, the session when signed in, and whether signing in is required. */
export interface SiwxState {
  readonly status: SiwxStatus
  readonly required: boolean
  readonly session?: SiwxSessionInfo | undefined
}

/** The first `state.siwx`: `idle` when the options configure sign-in, else `disabled`. */
export const initialSiwx = (enabled: boolean): SiwxState => ({ status: enabled ? "idle" : "disabled", required: false })

/**
 * Whether the modal may not be closed: a required sign-in without a session, on a sign view (SPEC §4).
 * @example
 * ```ts
 * closeLocked({ status: "unauthenticated", required: true }, "SIWXSignMessage") // true
 * ```
 */
export const closeLocked = (siwx: SiwxState, view: string): boolean =>
  siwx.required &&
  siwx.status !== "authenticated" &&
  (view === "SIWXSignMessage" || view === "DataCapture" || view === "DataCaptureOtpConfirm")
