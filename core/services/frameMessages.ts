/**
 * The frame service's pure parts (see `frameLive.ts`): decoding messages at the boundary, request ids, the iframe's
 * `src`, and the error of an `_ERROR` reply.
 * @module
 */
import * as Schema from "effect/Schema"
import { FrameError } from "../errors/catalogue.ts"
import { AppToFrameMessage, FrameToAppMessage } from "../schema/frame.ts"
import type { FrameParams } from "./FrameShape.ts"

/** Decodes a message from the frame (`FrameToAppMessage`), without throwing. */
export const decodeFrameMessage = Schema.decodeUnknownResult(FrameToAppMessage)
/** Decodes a message the app sends the frame (`AppToFrameMessage`), without throwing. */
export const decodeAppMessage = Schema.decodeUnknownResult(AppToFrameMessage)

/** A request id: 32 random hex characters (`crypto.getRandomValues` exists in every browser, secure context or not). */
export const newId = (): string => {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
}

const frameErrorTexts = Object.entries(FrameError.texts) as ReadonlyArray<[keyof typeof FrameError.texts, string]>

/** The error of an `_ERROR` reply: one of SPEC §8's frame texts when the message is one, else the frame's message. */
export const replyError = (message: string): FrameError => {
  if (message === "") return new FrameError({ reason: "SomethingWentWrong" })
  const known = frameErrorTexts.find(([reason, text]) => reason !== "Reply" && text === message)
  return known === undefined
    ? new FrameError({ reason: "Reply", params: { message } })
    : new FrameError({ reason: known[0] })
}

/** A `type` as a message claims it, read without trusting the message (getters, proxies). */
export const claimedType = (data: unknown): string | undefined => {
  const type = typeof data === "object" && data !== null ? (data as { type?: unknown }).type : undefined
  return typeof type === "string" ? type : undefined
}

/** The iframe's `src`: `<endpoints.frame>/sdk` with SPEC §7's query parameters. */
export const frameUrl = (base: string, projectId: string, version: string, params: FrameParams): string => {
  const query = new URLSearchParams({
    projectId,
    chainId: String(params.chainId),
    version,
    enableLogger: String(params.enableLogger ?? false),
    rpcUrl: params.rpcUrl
  })
  if (params.enableCloudAuthAccount === true) query.set("enableCloudAuthAccount", "true")
  return `${base.replace(/\/+$/, "")}/sdk?${query}`
}
