import type { SIWEConfig, SIWXConfig, SIWXSession } from "../../options/siwx.ts"
import { sameAddress } from "../../rules/sameAddress.ts"
import { parseCaipNetworkId } from "../../schema/network.ts"

/** Where the page is, for the legacy config's defaults (the message's domain and uri). */
export interface PageLocation {
  readonly origin: string | undefined
}

/**
 * The legacy `siweConfig` (EVM only) as a {@link SIWXConfig}: `getNonce` and `getMessageParams` feed the message the
 * app's `createMessage` writes, `verifyMessage` decides a session (false rejects), `getSession` reads it back and
 * `signOut` ends it. Its `required` and `signOutOnDisconnect` carry over.
 * @example
 * ```ts
 * import type { SIWEConfig } from "../../options/siwx.ts"
 * declare const siweConfig: SIWEConfig
 * const siwx = siweToSiwx(siweConfig, { origin: "https://app.example" })
 * ```
 */
export const siweToSiwx = (siwe: SIWEConfig, page: PageLocation): SIWXConfig => {
  const fallbackUri = page.origin ?? "http://localhost"
  const signOut = async () => {
    await siwe.signOut()
    siwe.onSignOut?.()
  }
  return {
    createMessage: async (input) => {
      const { chainNamespace, chainId } = parseCaipNetworkId(input.chainId)
      if (chainNamespace !== "eip155") throw new Error("siweConfig signs in on EVM networks only")
      const nonce = await siwe.getNonce(input.accountAddress)
      const params = (await siwe.getMessageParams?.()) ?? {}
      const uri = params.uri ?? fallbackUri
      const issuedAt = new Date().toISOString()
      const data = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain: params.domain ?? new URL(uri).host,
        uri,
        version: "1",
        nonce,
        issuedAt,
        ...(params.statement === undefined ? {} : { statement: params.statement }),
        ...(params.resources === undefined ? {} : { resources: [...params.resources] }),
        ...(params.expiry === undefined
          ? {}
          : { expirationTime: new Date(Date.parse(issuedAt) + params.expiry * 1000).toISOString() })
      }
      const text = siwe.createMessage({
        address: data.accountAddress,
        chainId: Number(chainId),
        nonce,
        domain: data.domain,
        uri,
        version: "1",
        issuedAt,
        statement: data.statement,
        resources: data.resources,
        expirationTime: data.expirationTime
      })
      return { ...data, toString: () => text }
    },
    addSession: async (session) => {
      if (!(await siwe.verifyMessage({ message: session.message, signature: session.signature }))) {
        throw new Error("The signature is not valid")
      }
      siwe.onSignIn?.({
        address: session.data.accountAddress,
        chainId: Number(parseCaipNetworkId(session.data.chainId).chainId)
      })
    },
    revokeSession: signOut,
    setSessions: async (sessions) => {
      if (sessions.length === 0) await signOut()
    },
    getSessions: async (chainId, address): Promise<ReadonlyArray<SIWXSession>> => {
      const session = await siwe.getSession()
      if (session === null || session === undefined) return []
      const same = sameAddress(session.address, address) && `eip155:${session.chainId}` === chainId
      const data = { accountAddress: address, chainId, domain: "", uri: "", version: "1", nonce: "" }
      return same ? [{ data, message: "", signature: "" }] : []
    },
    getRequired: () => siwe.required === true,
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true
  }
}
