/**
 * The app-to-frame messages of docs/frame-protocol.md as the frame decodes them: the envelope, then each action's
 * payload. Strings are bounded, so a hostile message is refused by its size before anything reads it.
 */
import * as Schema from "effect/Schema"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))
const ChainId = Schema.Union([Schema.Number, Text(100)])
const Otp = Text(64)

/** The envelope of every app-to-frame message. */
export const AppEnvelope = Schema.Struct({
  type: Text(100),
  id: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64)),
  payload: Schema.optionalKey(Schema.Unknown)
})
/** The envelope of every app-to-frame message. */
export type AppEnvelope = typeof AppEnvelope.Type

/** The prefix of app-to-frame types. */
export const appPrefix = "@airlock-app/"
/** The prefix of frame-to-app types. */
export const framePrefix = "@airlock-frame/"

const None = Schema.Unknown

/** Each action's payload. */
export const actionPayloads = {
  SWITCH_NETWORK: Schema.Struct({ chainId: ChainId }),
  CONNECT_EMAIL: Schema.Struct({ email: Text(320) }),
  CONNECT_DEVICE: None,
  CONNECT_OTP: Schema.Struct({ otp: Otp }),
  CONNECT_SOCIAL: Schema.Struct({ uri: Text(4096) }),
  GET_SOCIAL_REDIRECT_URI: Schema.Struct({
    provider: Schema.Literals(["google", "github", "apple", "facebook", "x", "discord"])
  }),
  GET_USER: Schema.UndefinedOr(
    Schema.Struct({
      chainId: Schema.optionalKey(ChainId),
      preferredAccountType: Schema.optionalKey(Text(32))
    })
  ),
  SIGN_OUT: None,
  IS_CONNECTED: None,
  GET_CHAIN_ID: None,
  RPC_REQUEST: Schema.Struct({
    method: Text(100),
    params: Schema.optionalKey(Schema.Unknown),
    chainId: ChainId,
    chainNamespace: Text(32),
    rpcUrl: Schema.optionalKey(Text(2048))
  }),
  RPC_ABORT: None,
  UPDATE_EMAIL: Schema.Struct({ email: Text(320) }),
  UPDATE_EMAIL_PRIMARY_OTP: Schema.Struct({ otp: Otp }),
  UPDATE_EMAIL_SECONDARY_OTP: Schema.Struct({ otp: Otp }),
  SYNC_THEME: Schema.Unknown,
  SYNC_DAPP_DATA: Schema.Struct({
    metadata: Schema.optionalKey(Schema.Struct({ name: Text(200) })),
    sdkVersion: Text(100),
    projectId: Text(200)
  }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: None,
  INIT_SMART_ACCOUNT: None,
  SET_PREFERRED_ACCOUNT: Schema.Struct({ type: Schema.Literals(["eoa", "smartAccount"]) }),
  CONNECT_FARCASTER: None,
  GET_FARCASTER_URI: None,
  RELOAD: None
} as const

/** An action the frame answers. */
export type Action = keyof typeof actionPayloads

/** The decoded payload of `A`. */
export type PayloadOf<A extends Action> = (typeof actionPayloads)[A]["Type"]

/** A decoded request: its action, id and payload. */
export type AppRequest = {
  readonly [A in Action]: { readonly action: A; readonly id: string; readonly payload: PayloadOf<A> }
}[Action]

const decodeEnvelope = Schema.decodeUnknownResult(AppEnvelope)

/**
 * Decodes one message: undefined when it is no app-to-frame envelope (ignored), `{ error }` when it names an unknown
 * action or its payload does not decode (answered with `_ERROR`), the request otherwise.
 * @example
 * ```ts
 * decodeAppMessage({ type: "@airlock-app/CONNECT_OTP", id: "1", payload: { otp: "123456" } })
 * ```
 */
export const decodeAppMessage = (
  data: unknown
): AppRequest | { readonly id: string; readonly type: string; readonly error: string } | undefined => {
  const envelope = decodeEnvelope(data)
  if (envelope._tag === "Failure" || !envelope.success.type.startsWith(appPrefix)) return undefined
  const { type, id, payload } = envelope.success
  const action = type.slice(appPrefix.length)
  if (!Object.hasOwn(actionPayloads, action)) return { id, type, error: `Unknown action ${action}` }
  const decoded = Schema.decodeUnknownResult(
    actionPayloads[action as Action] as Schema.Top & { readonly DecodingServices: never }
  )(payload)
  if (decoded._tag === "Failure") return { id, type, error: "Invalid payload" }
  return { action, id, payload: decoded.success } as AppRequest
}
