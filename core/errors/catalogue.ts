import { ReasonError, type ReasonErrorArgs } from "./ReasonError.ts"
import { errorTexts } from "./texts.ts"

/** Connecting and disconnecting wallets (SPEC §8 "Connection" and related texts). */
export class ConnectionError extends ReasonError("ConnectionError", errorTexts.ConnectionError) {}

/** Networks and chain switching. */
export class ChainError extends ReasonError("ChainError", errorTexts.ChainError) {}

/** Balances and activity of the connected account. */
export class AccountDataError extends ReasonError("AccountDataError", errorTexts.AccountDataError) {}

/** Account names (SPEC §4 "Name registration"). */
export class NameError extends ReasonError("NameError", errorTexts.NameError) {}

/** The send form. */
export class SendError extends ReasonError("SendError", errorTexts.SendError) {}

/** Sign in with a wallet (SIWX). */
export class SiwxError extends ReasonError("SiwxError", errorTexts.SiwxError) {}

/** Email login. */
export class EmailError extends ReasonError("EmailError", errorTexts.EmailError) {}

/** RPC requests that pass through Airlock (the method allowlist of SPEC §5). */
export class RpcError extends ReasonError("RpcError", errorTexts.RpcError) {}

/** The embedded wallet's frame. */
export class FrameError extends ReasonError("FrameError", errorTexts.FrameError) {}

/** Options given to `createAirlock`. */
export class OptionsError extends ReasonError("OptionsError", errorTexts.OptionsError) {
  /** Where in the options the problem is, e.g. `["endpoints", "walletApi"]`; `[]` for the options as a whole. */
  readonly path: ReadonlyArray<PropertyKey>
  constructor(
    args: ReasonErrorArgs<"SiweAndSiwx" | "Invalid"> & { readonly path?: ReadonlyArray<PropertyKey> | undefined }
  ) {
    super(args)
    this.path = args.path ?? []
  }
}
