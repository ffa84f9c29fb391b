/**
 * What ApproveTransaction shows of a request the embedded wallet is asked to sign or send: the receiver, the value
 * in base units, the data and the message, each bounded, so a hostile dapp cannot fill the view (or the state) with
 * a 2 MB string.
 * @module
 */

import { grantSummary, type PermissionSummary } from "./smartSessions.ts"
import { clip as clipTo, quantity, record, boundedText as text } from "./untrusted.ts"

/** The longest message or data text a summary keeps, in characters; longer ones end with "…". */
export const SUMMARY_TEXT_LIMIT = 600

/**
 * A request's summary: `to` (an address), `value` (base units, decimal), `data` (hex or JSON), `message` (a
 * readable text to sign), `calls` (how many calls a batch carries); for `wallet_grantPermissions` the session key
 * (`signer`), the `permissions` and the `expiry` (unix seconds).
 */
export interface RequestSummary {
  readonly to?: string
  readonly value?: string
  readonly data?: string
  readonly message?: string
  readonly calls?: number
  readonly signer?: string
  readonly permissions?: ReadonlyArray<PermissionSummary>
  readonly expiry?: number
}

const clip = (text: string, limit = SUMMARY_TEXT_LIMIT): string => clipTo(text, limit)

/** A personal_sign message: hex decoded as UTF-8 when it reads as text, else the hex itself. */
const readableMessage = (value: unknown): string | undefined => {
  if (typeof value !== "string") return undefined
  const head = value.slice(0, SUMMARY_TEXT_LIMIT * 2 + 2)
  if (/^0x([0-9a-fA-F]{2})*$/.test(head)) {
    const bytes = new Uint8Array((head.length - 2) / 2)
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(head.slice(2 + i * 2, 4 + i * 2), 16)
    try {
      const decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
      // Control characters other than line breaks and tabs mean binary data: show the hex.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
      if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(decoded)) {
        return clip(head.length < value.length ? `${decoded}…` : decoded)
      }
    } catch {
      // not UTF-8: the hex below
    }
  }
  return clip(value)
}

/**
 * The summary of a request (SPEC §5's unsafe methods): what a person needs to decide, and no more.
 *
 * @example
 * ```ts
 * import { requestSummary } from "./requestSummary.ts"
 * requestSummary("eth_sendTransaction", [{ to: "0x52908400098527886E0F7030069857D2E4169EE7", value: "0x2386f26fc10000" }])
 * // { to: "0x5290…", value: "10000000000000000" }
 * requestSummary("personal_sign", ["0x68656c6c6f", "0x52908400098527886E0F7030069857D2E4169EE7"]) // { message: "hello" }
 * ```
 */
export const requestSummary = (method: string, params: unknown): RequestSummary => {
  const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
  switch (method) {
    case "personal_sign": {
      const message = readableMessage(list[0])
      return message === undefined ? {} : { message }
    }
    case "eth_signTypedData_v4": {
      const raw = list[1]
      const json = typeof raw === "string" ? raw : raw === undefined ? undefined : JSON.stringify(raw)
      if (json === undefined) return {}
      let typed: Readonly<Record<string, unknown>> = {}
      try {
        typed = record(JSON.parse(json.slice(0, 200_000)))
      } catch {
        // not JSON, or too long to read: the data alone
      }
      const domain = record(typed.domain)
      const name = text(domain.name)
      const primaryType = text(typed.primaryType)
      const to = text(domain.verifyingContract)
      return {
        ...(primaryType === undefined
          ? {}
          : { message: name === undefined ? primaryType : `${primaryType} (${name})` }),
        ...(to === undefined ? {} : { to }),
        data: clip(json)
      }
    }
    case "eth_sendTransaction":
    case "eth_sendUserOperation": {
      const tx = record(list[0])
      const to = text(tx.to)
      const value = quantity(tx.value)
      const data = text(tx.data ?? tx.input ?? tx.callData, SUMMARY_TEXT_LIMIT)
      return {
        ...(to === undefined ? {} : { to }),
        ...(value === undefined ? {} : { value }),
        ...(data === undefined || data === "0x" ? {} : { data })
      }
    }
    case "wallet_sendCalls": {
      const calls = Array.isArray(record(list[0]).calls) ? (record(list[0]).calls as ReadonlyArray<unknown>) : []
      const first = record(calls[0])
      const to = text(first.to)
      const total = calls.reduce<bigint>((sum, call) => sum + BigInt(quantity(record(call).value) ?? "0"), 0n)
      return {
        calls: calls.length,
        ...(to === undefined ? {} : { to }),
        ...(total === 0n ? {} : { value: total.toString() })
      }
    }
    case "wallet_grantPermissions":
      return grantSummary(list)
    default: {
      if (list.length === 0) return {}
      let json: string | undefined
      try {
        json = JSON.stringify(list, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value))
      } catch {
        json = undefined
      }
      return json === undefined ? {} : { data: clip(json) }
    }
  }
}
