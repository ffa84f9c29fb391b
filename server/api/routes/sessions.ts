/**
 * Smart-session routes (SPEC §7): list an account's sessions and revoke one with the owner's signature over its pci.
 * Sessions live in the sandbox db; tests and the demo create them with `POST /sandbox/sessions`.
 */
import { type Address, type Hex, isHex, verifyMessage } from "viem"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import type { SmartSession } from "../../../core/schema/api/sessions.ts"
import type { ApiApp, ApiRoute } from "../app.ts"
import { endpointRoute } from "../contract.ts"
import type { SessionRow } from "../db.ts"
import { HttpError } from "../router.ts"
import { pathAddress } from "./account.ts"

/** What the db's `permissions` column holds for a session. */
export interface StoredGrant {
  readonly permissions: ReadonlyArray<unknown>
  readonly policies: ReadonlyArray<unknown>
  readonly context: string
}

const grantOf = (row: SessionRow): StoredGrant => {
  const stored = (typeof row.permissions === "object" && row.permissions !== null ? row.permissions : {}) as Partial<
    Record<keyof StoredGrant, unknown>
  >
  return {
    permissions: Array.isArray(stored.permissions) ? stored.permissions : [],
    policies: Array.isArray(stored.policies) ? stored.policies : [],
    context: typeof stored.context === "string" ? stored.context : "0x"
  }
}

/** A stored session as the wire shows it (times in unix seconds). */
export const toSmartSession = (row: SessionRow): SmartSession => ({
  pci: row.pci,
  expiry: row.expiry,
  createdAt: Math.floor(row.createdAt / 1000),
  ...grantOf(row),
  ...(row.revokedAt === null ? {} : { revokedAt: Math.floor(row.revokedAt / 1000) }),
  project: { id: row.projectId }
})

const ownerOf = (raw: string): Address => {
  const address = pathAddress(raw)
  if (address === undefined) throw new HttpError(400, "Invalid address: smart sessions are eip155 only")
  return address
}

// A smart account signs through ERC-1271, which only its chain can check; an EOA is checked locally.
const signatureValid = async (app: ApiApp, row: SessionRow, address: Address, signature: Hex): Promise<boolean> => {
  const chain = app.chains.all.find((c) => c.caipNetworkId === row.chainId)
  try {
    return chain === undefined
      ? await verifyMessage({ address, message: row.pci, signature })
      : await chain.client.verifyMessage({ address, message: row.pci, signature })
  } catch {
    return false
  }
}

/** The session routes. */
export const sessionRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.sessions, async ({ params, app, project }) => {
    const address = ownerOf(params.address)
    return { pcis: (await app.db.sessions.byAddress(project.id, address)).map(toSmartSession) }
  }),
  endpointRoute(endpoints.revokeSession, async ({ params, body, app, project }) => {
    const address = ownerOf(params.address)
    const row = await app.db.sessions.get(body.pci)
    if (row === undefined || row.projectId !== project.id || row.address !== address.toLowerCase())
      throw new HttpError(404, `Session ${body.pci} not found for ${address}`)
    if (!isHex(body.signature) || body.signature.length < 4)
      throw new HttpError(400, "Invalid signature: expected 0x hex")
    if (!(await signatureValid(app, row, address, body.signature)))
      throw new HttpError(403, "Invalid signature: it must be the account's signature over the pci")
    await app.db.sessions.revoke(row.pci, app.now())
    return { success: true }
  })
]
