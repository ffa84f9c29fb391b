/**
 * Blockchain API name routes (SPEC §7 profile endpoints) over the sandbox's names table: suggestions in the
 * `airlock.id` zone, reverse lookup, and registration. A registration is a signed message naming the name and the
 * time; the signature is checked on the chain of its coin type (an EOA, or a smart account through ERC-1271 or, not
 * yet deployed, ERC-6492), the name against SPEC §5, the chain id against 'Invalid chainId'. Refusals answer
 * `{ reasons: [{ name, description }] }`, whose first description the client shows. The forward lookup and the
 * identity of an address (account.ts) answer registered names too, through {@link registeredRecord} and
 * {@link registeredNameOf}.
 */
import { Schema } from "effect"
import { type Address, getAddress, type Hex, isAddress, isHex } from "viem"
import { en } from "../../../core/i18n/en/index.ts"
import {
  accountNameProblem,
  chainIdOfCoinType,
  defaultNameZone,
  nameChainIdLimit,
  readNameRegistrationMessage
} from "../../../core/rules/names.ts"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import { ProfileErrorBody, RegisterNameBody } from "../../../core/schema/api/profile.ts"
import type { NameRecord } from "../../../core/schema/names.ts"
import type { ApiApp, ApiRoute } from "../app.ts"
import { endpointRoute, rawEndpointRoute } from "../contract.ts"
import type { NameRow } from "../db.ts"
import { json, type Reply } from "../router.ts"

/** How far a registration message's timestamp may be from the server's clock, in seconds. */
export const registrationWindowSeconds = 600

/** Suggestions offered besides the name asked for. */
const alternatives = 3

/** A refusal, as the profile endpoints answer it. */
const refuse = (status: number, name: string, description: string): Reply =>
  json(ProfileErrorBody, { status: "FAILED", reasons: [{ name, description }] }, status)

/** The label of a full name in the zone, or undefined for a name in another zone. */
const labelIn = (name: string, zone: string): string | undefined => {
  const lower = name.toLowerCase()
  return lower.endsWith(`.${zone}`) ? lower.slice(0, -(zone.length + 1)) : undefined
}

/** The SPEC §5 text of a label's problem (the client's own, from the English catalogue). */
const problemText = (label: string): string | undefined => {
  const problem = accountNameProblem(label)
  return problem === "tooShort"
    ? en["names.tooShort"]
    : problem === "invalidCharacters"
      ? en["names.invalidCharacters"]
      : undefined
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The record of a registered name: its address under coin type 60 and the one it was registered with. */
const recordOf = (row: NameRow): NameRecord => ({
  name: row.name,
  registered_at: iso(row.registeredAt),
  updated_at: iso(row.registeredAt),
  addresses: {
    "60": { address: row.address, created: iso(row.registeredAt) },
    [String(row.coinType)]: { address: row.address, created: iso(row.registeredAt) }
  },
  attributes: {}
})

/**
 * The record of a registered name (any case), or undefined.
 * @example
 * ```ts
 * import type { ApiApp } from "../app.ts"
 * declare const app: ApiApp
 * ;(await registeredRecord(app, "ada-lovelace.airlock.id"))?.addresses["60"]?.address
 * ```
 */
export const registeredRecord = async (app: ApiApp, name: string): Promise<NameRecord | undefined> => {
  const row = await app.db.names.get(name)
  return row === undefined ? undefined : recordOf(row)
}

/**
 * The first name registered for an address (the identity's name), or undefined.
 * @example
 * ```ts
 * import type { ApiApp } from "../app.ts"
 * declare const app: ApiApp
 * await registeredNameOf(app, "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
 * ```
 */
export const registeredNameOf = async (app: ApiApp, address: string): Promise<string | undefined> =>
  (await app.db.names.byAddress(address))[0]?.name

const taken = async (app: ApiApp, name: string) => (await app.db.names.get(name)) !== undefined

/** Checks a registration and adds the name; a refusal for the first thing wrong. */
const register = async (app: ApiApp, raw: unknown): Promise<Reply> => {
  const decoded = Schema.decodeUnknownResult(RegisterNameBody)(raw ?? {})
  if (decoded._tag === "Failure") return refuse(400, "INVALID_BODY", `Invalid body: ${decoded.failure.message}`)
  const body = decoded.success
  const chainId = chainIdOfCoinType(body.coin_type)
  if (chainId === undefined) {
    return body.coin_type >= 2 * nameChainIdLimit
      ? refuse(400, "INVALID_CHAIN_ID", en["NameError.InvalidChainId"])
      : refuse(400, "UNSUPPORTED_COIN_TYPE", `Unsupported coin type ${body.coin_type}: use 60 or an EVM chain's`)
  }
  const chain = app.chains.find(String(chainId))
  if (chain === undefined) return refuse(400, "UNSUPPORTED_CHAIN", `Chain ${chainId} is not supported`)
  if (!isAddress(body.address, { strict: false })) return refuse(400, "INVALID_ADDRESS", "Invalid address")
  const address: Address = getAddress(body.address)
  const message = readNameRegistrationMessage(body.message)
  if (message === undefined) return refuse(400, "INVALID_MESSAGE", "Invalid message: expected name and timestamp")
  const label = labelIn(message.name, defaultNameZone)
  if (label === undefined) return refuse(400, "INVALID_ZONE", `Names end with .${defaultNameZone}`)
  const problem = problemText(label)
  if (problem !== undefined) return refuse(400, "INVALID_NAME", problem)
  const now = app.now()
  if (Math.abs(now / 1000 - message.timestamp) > registrationWindowSeconds)
    return refuse(400, "INVALID_TIMESTAMP", "The message's timestamp is too far from now: sign a new one")
  if (!isHex(body.signature) || body.signature.length < 132)
    return refuse(401, "INVALID_SIGNATURE", "Invalid signature")
  // An EOA, a deployed smart account (ERC-1271) or one not deployed yet (ERC-6492): the chain checks all three.
  const valid = await chain.client
    .verifyMessage({ address, message: body.message, signature: body.signature as Hex })
    .catch(() => false)
  if (!valid) return refuse(401, "INVALID_SIGNATURE", `The signature is not ${address}'s`)
  const name = `${label}.${defaultNameZone}`
  if (await taken(app, name)) return refuse(409, "NAME_TAKEN", en["names.taken"].replace("{name}", name))
  if (!(await app.db.names.add({ name, address, coinType: body.coin_type, registeredAt: now })))
    return refuse(409, "NAME_TAKEN", en["names.taken"].replace("{name}", name))
  return json(endpoints.registerName.response, { success: true })
}

/** The name routes (the forward lookup is account.ts's, which answers registered names through this module). */
export const nameRoutes: ReadonlyArray<ApiRoute> = [
  rawEndpointRoute(endpoints.nameSuggestions, async ({ params, query, app }) => {
    if (query.zone.toLowerCase() !== defaultNameZone)
      return refuse(400, "INVALID_ZONE", `Unknown zone ${query.zone}: use ${defaultNameZone}`)
    const label = labelIn(params.name, defaultNameZone) ?? params.name.toLowerCase()
    const problem = problemText(label)
    if (problem !== undefined && accountNameProblem(label) === "invalidCharacters")
      return refuse(400, "INVALID_NAME", problem)
    // Every candidate looked up at once: one query per request, not one per candidate.
    const candidates = [label, ...Array.from({ length: 99 }, (_, i) => `${label}${i + 1}`)]
    const registered = await app.db.names.taken(candidates.map((l) => `${l}.${defaultNameZone}`))
    const suggestion = (l: string) => {
      const name = `${l}.${defaultNameZone}`
      return { name, registered: registered.has(name) }
    }
    const exact = problem === undefined ? [suggestion(label)] : []
    const others = []
    for (let n = 1; n <= 99 && others.length < alternatives; n++) {
      const candidate = suggestion(`${label}${n}`)
      if (!candidate.registered && accountNameProblem(`${label}${n}`) === undefined) others.push(candidate)
    }
    return json(endpoints.nameSuggestions.response, { suggestions: [...exact, ...others] })
  }),
  endpointRoute(endpoints.reverseLookup, async ({ params, app }) => {
    // Bare or CAIP-10 (`eip155:1:0x…`); anything else (a Solana address) has no names here.
    const bare = params.address.slice(params.address.lastIndexOf(":") + 1)
    return isAddress(bare, { strict: false }) ? (await app.db.names.byAddress(bare)).map(recordOf) : []
  }),
  // The body is decoded here, not by the endpoint's schema, so that a bad one is refused with reasons too.
  {
    method: endpoints.registerName.method,
    path: endpoints.registerName.path,
    maxBodyBytes: 16_000,
    handle: (ctx) => register(ctx.app, ctx.body)
  }
]
