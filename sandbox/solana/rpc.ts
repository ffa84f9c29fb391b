/**
 * JSON-RPC 2.0 for the local Solana chain: parses a body (single request or batch), checks each request's shape, runs
 * its method and writes the answer. u64 values are written as plain JSON numbers however large (kit reads them as
 * bigints), and large integers in requests are read exactly. Nothing a client sends makes it throw.
 */
import { type Address, getBase58Encoder, isAddress, isSignature, type Signature } from "@solana/kit"
import { invalidParams, RpcError, rpcErrorCodes } from "./errors.ts"

/** The params of one request (always a list on Solana's RPC). */
export type RpcParams = ReadonlyArray<unknown>

/** One method: its params in, its result out (or an {@link RpcError} thrown). */
export type RpcMethod = (params: RpcParams) => unknown

/** Most requests one batch may hold; a larger batch is refused whole. */
export const maxBatchRequests = 1000

type JsonRpcId = string | number | null

interface JsonRpcAnswer {
  readonly jsonrpc: "2.0"
  readonly id: JsonRpcId
  readonly result?: unknown
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown }
}

const failure = (id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcAnswer => ({
  jsonrpc: "2.0",
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) }
})

const rawJson = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON

/**
 * JSON text of `value`, bigints as plain numbers (`18446744073709551615`, not a string).
 * @example
 * ```ts
 * stringifyJson({ lamports: 10n ** 20n }) // '{"lamports":100000000000000000000}'
 * ```
 */
export const stringifyJson = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? rawJson(v.toString()) : v))

/**
 * Parses JSON text, reading integers beyond 2^53 as bigints (from their source text, so nothing is rounded).
 * @example
 * ```ts
 * parseJson('[18446744073709551615]') // [18446744073709551615n]
 * ```
 */
export const parseJson = (text: string): unknown =>
  JSON.parse(text, ((_: string, value: unknown, context?: { source?: string }) =>
    typeof value === "number" && !Number.isSafeInteger(value) && /^-?\d+$/.test(context?.source ?? "")
      ? BigInt(context!.source!)
      : value) as (key: string, value: unknown) => unknown)

const idOf = (request: Readonly<Record<string, unknown>>): JsonRpcId | undefined => {
  const id = request.id ?? null
  return typeof id === "string" || typeof id === "number" || id === null ? id : undefined
}

/**
 * Runs one request against `methods`: an answer for anything, a malformed request included.
 * @example
 * ```ts
 * await callMethod(methods, { jsonrpc: "2.0", id: 1, method: "getHealth" }) // { jsonrpc: "2.0", id: 1, result: "ok" }
 * ```
 */
export const callMethod = async (
  methods: Readonly<Record<string, RpcMethod>>,
  request: unknown
): Promise<JsonRpcAnswer> => {
  if (typeof request !== "object" || request === null || Array.isArray(request))
    return failure(null, rpcErrorCodes.invalidRequest, "Invalid request: expected a JSON-RPC 2.0 request object")
  const fields = request as Readonly<Record<string, unknown>>
  const id = idOf(fields)
  if (id === undefined || fields.jsonrpc !== "2.0" || typeof fields.method !== "string")
    return failure(id ?? null, rpcErrorCodes.invalidRequest, 'Invalid request: needs jsonrpc "2.0", a method and an id')
  const method = Object.hasOwn(methods, fields.method) ? methods[fields.method] : undefined
  if (method === undefined) return failure(id, rpcErrorCodes.methodNotFound, "Method not found")
  const params = fields.params ?? []
  if (!Array.isArray(params)) return failure(id, rpcErrorCodes.invalidParams, "Invalid params: expected a list")
  try {
    return { jsonrpc: "2.0", id, result: await method(params) }
  } catch (error) {
    if (error instanceof RpcError) return failure(id, error.code, error.message, error.data)
    return failure(id, rpcErrorCodes.internalError, `Internal error: ${error instanceof Error ? error.message : error}`)
  }
}

/**
 * The answer to a request body: one answer, or a list for a batch (its requests run in order).
 * @example
 * ```ts
 * await answerBody(methods, '{"jsonrpc":"2.0","id":1,"method":"getSlot"}') // '{"jsonrpc":"2.0","id":1,"result":7}'
 * ```
 */
export const answerBody = async (methods: Readonly<Record<string, RpcMethod>>, text: string): Promise<string> => {
  let body: unknown
  try {
    body = parseJson(text)
  } catch {
    return stringifyJson(failure(null, rpcErrorCodes.parseError, "Parse error"))
  }
  if (!Array.isArray(body)) return stringifyJson(await callMethod(methods, body))
  if (body.length === 0)
    return stringifyJson(failure(null, rpcErrorCodes.invalidRequest, "Invalid request: empty batch"))
  if (body.length > maxBatchRequests)
    return stringifyJson(
      failure(null, rpcErrorCodes.invalidRequest, `Invalid request: a batch holds at most ${maxBatchRequests} requests`)
    )
  const answers: Array<JsonRpcAnswer> = []
  for (const request of body) answers.push(await callMethod(methods, request))
  return stringifyJson(answers)
}

// -- param readers: each throws an invalid-params error that names what was wrong ------------------------------------

/** The config object at `index` (absent or null: empty). */
export const configAt = (params: RpcParams, index: number): Readonly<Record<string, unknown>> => {
  const config = params[index]
  if (config === undefined || config === null) return {}
  if (typeof config !== "object" || Array.isArray(config))
    throw invalidParams(`Invalid params: param ${index} must be a config object`)
  return config as Readonly<Record<string, unknown>>
}

/** The base58 address at `index`. */
export const addressAt = (params: RpcParams, index: number): Address => {
  const value = params[index]
  if (typeof value !== "string" || !isAddress(value)) throw invalidParams("Invalid param: Invalid")
  return value
}

/** The base58 transaction signature at `index` (or `value` itself). */
export const signatureOf = (value: unknown): Signature => {
  if (typeof value !== "string" || !isSignature(value)) throw invalidParams("Invalid param: Invalid signature")
  return value
}

/** The non-negative integer at `index`. */
export const integerAt = (params: RpcParams, index: number, what: string): bigint => {
  const value = params[index]
  if (typeof value === "bigint" && value >= 0n) return value
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw invalidParams(`Invalid params: ${what} must be a non-negative integer`)
}

/** The string at `index`. */
export const stringAt = (params: RpcParams, index: number, what: string): string => {
  const value = params[index]
  if (typeof value !== "string") throw invalidParams(`Invalid params: ${what} must be a string`)
  return value
}

/** The list at `index`, at most `max` long. */
export const listAt = (params: RpcParams, index: number, what: string, max: number): ReadonlyArray<unknown> => {
  const value = params[index]
  if (!Array.isArray(value)) throw invalidParams(`Invalid params: ${what} must be a list`)
  if (value.length > max) throw invalidParams(`Too many inputs provided; max ${max}`)
  return value
}

/**
 * Wire bytes of an encoded transaction or message (`base64`, or `base58`, the RPC's default for transactions).
 * @example
 * ```ts
 * decodeWire("AQID", "base64") // Uint8Array [1, 2, 3]
 * ```
 */
export const decodeWire = (text: string, encoding: unknown): Uint8Array => {
  if (encoding === "base64") {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw invalidParams("invalid base64 encoding")
    return Uint8Array.from(Buffer.from(text, "base64"))
  }
  if (encoding === undefined || encoding === "base58") {
    try {
      return Uint8Array.from(getBase58Encoder().encode(text))
    } catch {
      throw invalidParams("invalid base58 encoding")
    }
  }
  throw invalidParams(`Invalid params: unsupported encoding ${JSON.stringify(encoding)}: use base58 or base64`)
}
