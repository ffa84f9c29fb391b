/**
 * The secure site's JSON routes as its own frame page calls them (same origin, so nothing they answer is readable by
 * the app's window): the request bodies, decoded on the server, and the account the session routes answer.
 */
import { Schema } from "effect"
import type { Address } from "viem"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** `POST /api/email/connect`. */
export const ConnectEmailBody = Schema.Struct({ email: Text(320), deviceId: Text(64) })
/** `POST /api/email/device`: the long-poll of a login waiting for its device's approval. */
export const WaitDeviceBody = Schema.Struct({ loginId: Text(64) })
/** `POST /api/email/otp`. */
export const OtpBody = Schema.Struct({ loginId: Text(64), otp: Text(64) })
/** `POST /api/email/update`. */
export const UpdateEmailBody = Schema.Struct({ email: Text(320) })
/** `POST /api/email/update/primary` and `/secondary`. */
export const UpdateOtpBody = Schema.Struct({ updateId: Text(64), otp: Text(64) })
/** `POST /api/social/start`. */
export const SocialStartBody = Schema.Struct({
  provider: Schema.Literals(["google", "github", "apple", "facebook", "x", "discord"]),
  projectId: Text(200),
  appOrigin: Text(2048),
  appName: Schema.optionalKey(Text(200))
})
/** `POST /api/social/connect`. */
export const SocialConnectBody = Schema.Struct({ code: Text(64), state: Text(64), deviceId: Text(64) })
/** `POST /api/farcaster/start`. */
export const FarcasterStartBody = Schema.Struct({ appName: Schema.optionalKey(Text(200)) })
/** `POST /api/farcaster/connect`: the long-poll of a Farcaster channel. */
export const FarcasterConnectBody = Schema.Struct({ channel: Text(64), deviceId: Text(64) })
/** `POST /api/preferred`. */
export const PreferredBody = Schema.Struct({ type: Schema.Literals(["eoa", "smartAccount"]) })

/**
 * `POST /api/smart-sessions`: after granting or revoking a smart session on chain, the frame has its site record what
 * the chain now says about the session (`pci`), with the permissions as the app asked for them.
 */
export const SmartSessionSyncBody = Schema.Struct({
  pci: Text(200),
  permissions: Schema.optionalKey(Schema.Array(Schema.Unknown)),
  policies: Schema.optionalKey(Schema.Array(Schema.Unknown))
})

/** What the session routes answer about the signed-in user (never the key, which only `POST /api/key` hands out). */
export interface FrameAccount {
  readonly email: string | null
  readonly username: string | null
  /** `google`, …, `farcaster`; null for an email login. */
  readonly provider: string | null
  /** The EOA. */
  readonly address: Address
  readonly preferredAccountType: "eoa" | "smartAccount"
}

/** An answer that signs in: the session token, for the frame's own storage. */
export interface FrameLogin {
  readonly token: string
  readonly account: FrameAccount
}

/** `GET /api/config?projectId=`: what the frame page needs to start. */
export interface FrameConfig {
  /** The project's allowed origins: the frame answers only a parent whose origin matches one. */
  readonly allowedOrigins: ReadonlyArray<string>
  /** The local chains, so the frame can reach one the app did not give an RPC URL for. */
  readonly chains: ReadonlyArray<{ readonly chainId: number; readonly rpcUrl: string }>
  /** Chains where smart accounts are offered (the factory is installed). */
  readonly smartAccountChains: ReadonlyArray<number>
  /** The smart-account factory (the same address on every such chain). */
  readonly accountFactory: Address | null
}
