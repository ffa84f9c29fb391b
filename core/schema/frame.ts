/**
 * The embedded wallet's frame messages (docs/frame-protocol.md), both ways: every app-to-frame action with its
 * payload, and every frame-to-app message (each action's `_SUCCESS` / `_ERROR` reply, `READY`, `SESSION_UPDATE`,
 * `SOCIAL_RESULT`). Each direction is one union on `type`, decoded by one `Schema.decodeUnknown…` call. Strings are
 * bounded and a message over {@link frameMessageLimit} is refused before decoding ({@link frameMessageData}).
 * @module
 */
import * as Schema from "effect/Schema"
import { AppMetadata, EmbeddedUser, IsConnected, SmartAccountEnabledNetworks, ThemeSync } from "./embedded.ts"
import { Email, SocialProvider } from "./login.ts"
import { AccountType, PreferredAccountType } from "./namespace.ts"

/** The prefix of app-to-frame types: `@airlock-app/<ACTION>`. */
export const appMessagePrefix = "@airlock-app/"
/** The prefix of frame-to-app types: `@airlock-frame/<ACTION>_SUCCESS`, `_ERROR`, `READY`, … */
export const frameMessagePrefix = "@airlock-frame/"

/**
 * The largest message either side accepts, in characters of its JSON form (1 MB): an RPC result may be large, a
 * message past this is refused before any schema reads it.
 * @example
 * ```ts
 * frameMessageData({ huge: "x".repeat(frameMessageLimit) }) // undefined
 * ```
 */
export const frameMessageLimit = 1_000_000

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))
/** A request id: the app chooses it, the reply carries it back. */
const Id = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))
const ChainId = Schema.Union([Schema.Int, Text(100)])
const Otp = Text(64)
const Address = Text(200)
const ChainIdPayload = Schema.Struct({ chainId: ChainId })

/**
 * Each action's request payload and success payload (`undefined`: none), in the order of SPEC §7's list.
 * `RPC_REQUEST`'s result is any JSON value.
 */
const frameActionSchemas = {
  SWITCH_NETWORK: { request: ChainIdPayload, success: ChainIdPayload },
  CONNECT_EMAIL: {
    request: Schema.Struct({ email: Email }),
    success: Schema.Struct({ action: Schema.Literals(["VERIFY_DEVICE", "VERIFY_OTP", "CONNECT"]) })
  },
  CONNECT_DEVICE: { request: undefined, success: undefined },
  CONNECT_OTP: { request: Schema.Struct({ otp: Otp }), success: undefined },
  CONNECT_SOCIAL: { request: Schema.Struct({ uri: Text(8192) }), success: EmbeddedUser },
  GET_SOCIAL_REDIRECT_URI: {
    request: Schema.Struct({ provider: SocialProvider }),
    success: Schema.Struct({ uri: Text(8192) })
  },
  GET_USER: {
    request: Schema.Struct({
      chainId: Schema.optionalKey(ChainId),
      preferredAccountType: Schema.optionalKey(PreferredAccountType)
    }),
    success: EmbeddedUser
  },
  SIGN_OUT: { request: undefined, success: undefined },
  IS_CONNECTED: { request: undefined, success: IsConnected },
  GET_CHAIN_ID: { request: undefined, success: ChainIdPayload },
  RPC_REQUEST: {
    request: Schema.Struct({
      method: Text(100),
      params: Schema.optionalKey(Schema.Unknown),
      chainId: ChainId,
      chainNamespace: Text(32),
      rpcUrl: Schema.optionalKey(Text(2048))
    }),
    success: Schema.Unknown
  },
  UPDATE_EMAIL: {
    request: Schema.Struct({ email: Email }),
    success: Schema.Struct({ action: Schema.Literals(["VERIFY_PRIMARY_OTP", "VERIFY_SECONDARY_OTP"]) })
  },
  UPDATE_EMAIL_PRIMARY_OTP: { request: Schema.Struct({ otp: Otp }), success: undefined },
  UPDATE_EMAIL_SECONDARY_OTP: { request: Schema.Struct({ otp: Otp }), success: Schema.Struct({ newEmail: Email }) },
  SYNC_THEME: { request: ThemeSync, success: undefined },
  SYNC_DAPP_DATA: {
    request: Schema.Struct({
      metadata: Schema.optionalKey(AppMetadata),
      sdkVersion: Text(100),
      sdkType: Schema.optionalKey(Text(100)),
      projectId: Text(200)
    }),
    success: undefined
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: undefined, success: SmartAccountEnabledNetworks },
  INIT_SMART_ACCOUNT: {
    request: undefined,
    success: Schema.Struct({ address: Address, isDeployed: Schema.Boolean })
  },
  SET_PREFERRED_ACCOUNT: {
    request: Schema.Struct({ type: AccountType }),
    success: Schema.Struct({ type: AccountType, address: Address })
  },
  CONNECT_FARCASTER: { request: undefined, success: EmbeddedUser },
  GET_FARCASTER_URI: { request: undefined, success: Schema.Struct({ url: Text(8192) }) },
  RELOAD: { request: undefined, success: undefined },
  RPC_ABORT: { request: undefined, success: undefined }
} as const

/** An action the app asks of the frame (SPEC §7). */
export type FrameAction = keyof typeof frameActionSchemas

/**
 * Every app-to-frame action, in SPEC §7's order.
 * @example
 * ```ts
 * frameActions.includes("RPC_ABORT") // true
 * ```
 */
export const frameActions = Object.keys(frameActionSchemas) as ReadonlyArray<FrameAction>

type TypeOf<S> = S extends Schema.Top ? S["Type"] : undefined

/** The payload `A` takes (`undefined`: none). */
export type FrameRequestPayload<A extends FrameAction> = TypeOf<(typeof frameActionSchemas)[A]["request"]>
/** What `A`'s `_SUCCESS` reply carries (`undefined`: nothing). */
export type FrameSuccessPayload<A extends FrameAction> = TypeOf<(typeof frameActionSchemas)[A]["success"]>

type WithPayload<P> = [P] extends [undefined] ? { readonly payload?: never } : { readonly payload: P }

/** One app-to-frame message: `{ type: "@airlock-app/<ACTION>", id, payload? }`. */
export type AppToFrameMessage = {
  [A in FrameAction]: { readonly type: `${typeof appMessagePrefix}${A}`; readonly id: string } & WithPayload<
    FrameRequestPayload<A>
  >
}[FrameAction]

/** An `_ERROR` reply's payload: the frame's message for the user. */
export interface FrameErrorPayload {
  readonly message: string
}

/** The frame's reply to one request: `_SUCCESS` with the action's payload, or `_ERROR` with a message. */
export type FrameReply = {
  [A in FrameAction]:
    | ({ readonly type: `${typeof frameMessagePrefix}${A}_SUCCESS`; readonly id: string } & WithPayload<
        FrameSuccessPayload<A>
      >)
    | {
        readonly type: `${typeof frameMessagePrefix}${A}_ERROR`
        readonly id: string
        readonly payload: FrameErrorPayload
      }
}[FrameAction]

/** What the frame says unasked: it loaded, the login changed, or the social popup brought a result back. */
export type FrameEventMessage =
  | { readonly type: `${typeof frameMessagePrefix}READY` }
  | { readonly type: `${typeof frameMessagePrefix}SESSION_UPDATE`; readonly payload: { readonly isConnected: boolean } }
  | { readonly type: `${typeof frameMessagePrefix}SOCIAL_RESULT`; readonly payload: { readonly uri: string } }

/** Every frame-to-app message. */
export type FrameToAppMessage = FrameReply | FrameEventMessage

const entries = frameActions.map((action) => [action, frameActionSchemas[action]] as const)

const message = (type: string, fields: Schema.Struct.Fields) => Schema.Struct({ type: Schema.Literal(type), ...fields })

/**
 * Every app-to-frame message, one union on `type`; unknown keys are dropped.
 * @example
 * ```ts
 * const decoded = Schema.decodeUnknownSync(AppToFrameMessage)({ type: "@airlock-app/CONNECT_OTP", id: "1", payload: { otp: "123456" } })
 * ```
 */
export const AppToFrameMessage = Schema.Union(
  entries.map(([action, { request }]) =>
    message(`${appMessagePrefix}${action}`, request === undefined ? { id: Id } : { id: Id, payload: request })
  )
) as unknown as Schema.Codec<AppToFrameMessage, unknown>

const ErrorPayload = Schema.Struct({ message: Text(4096) })

/**
 * Every frame-to-app message, one union on `type`; unknown keys are dropped.
 * @example
 * ```ts
 * const decoded = Schema.decodeUnknownSync(FrameToAppMessage)({ type: "@airlock-frame/READY" })
 * ```
 */
export const FrameToAppMessage = Schema.Union([
  ...entries.flatMap(([action, { success }]) => [
    message(
      `${frameMessagePrefix}${action}_SUCCESS`,
      success === undefined
        ? { id: Id }
        : { id: Id, payload: success === Schema.Unknown ? Schema.optionalKey(success) : success }
    ),
    message(`${frameMessagePrefix}${action}_ERROR`, { id: Id, payload: ErrorPayload })
  ]),
  message(`${frameMessagePrefix}READY`, {}),
  message(`${frameMessagePrefix}SESSION_UPDATE`, { payload: IsConnected }),
  message(`${frameMessagePrefix}SOCIAL_RESULT`, { payload: Schema.Struct({ uri: Text(8192) }) })
]) as unknown as Schema.Codec<FrameToAppMessage, unknown>

/** Keys that could reach a prototype if a consumer merged the message into an object: dropped on arrival. */
const unsafeKeys = new Set(["__proto__", "constructor", "prototype"])

/**
 * A copy of `data` made of plain JSON values only (objects, arrays, strings, finite numbers, booleans, null), without
 * `__proto__` / `constructor` / `prototype` keys; `undefined` when `data` is anything else, nests deeper than 32,
 * or its JSON form would exceed `limit` characters. Never throws, whatever getters or proxies `data` holds. Run on
 * every message before its schema.
 * @example
 * ```ts
 * frameMessageData(JSON.parse('{"type":"@airlock-frame/READY","__proto__":{"polluted":true}}')) // { type: "@airlock-frame/READY" }
 * ```
 */
export const frameMessageData = (data: unknown, limit: number = frameMessageLimit): unknown => {
  let budget = limit
  const copy = (value: unknown, depth: number): unknown => {
    if (depth > 32) throw new RangeError("too deep")
    switch (typeof value) {
      case "string":
        budget -= value.length + 2
        break
      case "number":
        if (!Number.isFinite(value)) throw new TypeError("not JSON")
        budget -= 24
        break
      case "boolean":
        budget -= 5
        break
      case "object": {
        if (value === null) {
          budget -= 4
          break
        }
        if (Array.isArray(value)) {
          budget -= 2 + value.length
          if (budget < 0) throw new RangeError("too large")
          const out: Array<unknown> = []
          for (const item of value) out.push(copy(item, depth + 1))
          return out
        }
        const prototype = Object.getPrototypeOf(value)
        if (prototype !== Object.prototype && prototype !== null) throw new TypeError("not JSON")
        budget -= 2
        const out: Record<string, unknown> = {}
        for (const key of Object.keys(value)) {
          budget -= key.length + 4
          if (budget < 0) throw new RangeError("too large")
          if (unsafeKeys.has(key)) continue
          const item = (value as Record<string, unknown>)[key]
          if (item !== undefined) out[key] = copy(item, depth + 1)
        }
        return out
      }
      default:
        throw new TypeError("not JSON")
    }
    if (budget < 0) throw new RangeError("too large")
    return value
  }
  try {
    return copy(data, 0)
  } catch {
    return undefined
  }
}
