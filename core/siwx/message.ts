/**
 * The message `localSiwx` and `serverSiwx` ask a wallet to sign: the page's domain and origin, the nonce, the times
 * and the app's statement, written by `airlock-kit`'s EIP-4361 / CAIP-122 writer.
 * @module
 */
import type { SIWXMessage, SIWXMessageInput } from "../options/siwx.ts"
import { siwxMessageText } from "../rules/siwxMessage.ts"
import type { SiwxMessageOptions } from "./options.ts"

/** The page's host and origin: the message's domain and uri. */
export const pageOf = (): { readonly domain: string; readonly uri: string } => {
  const location = (globalThis as { readonly location?: Location }).location
  return { domain: location?.host ?? "localhost", uri: location?.origin ?? "http://localhost" }
}

/** The message for `input` with `nonce`, its text written by `airlock-kit`'s EIP-4361 / CAIP-122 writer. */
export const makeMessage = (input: SIWXMessageInput, nonce: string, options: SiwxMessageOptions): SIWXMessage => {
  const issued = new Date()
  const data = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    ...pageOf(),
    version: "1",
    nonce,
    issuedAt: issued.toISOString(),
    ...(options.statement === undefined ? {} : { statement: options.statement }),
    ...(options.resources === undefined ? {} : { resources: options.resources }),
    ...(options.expiresIn === undefined
      ? {}
      : { expirationTime: new Date(issued.getTime() + options.expiresIn).toISOString() }),
    ...(input.notBefore === undefined ? {} : { notBefore: input.notBefore })
  }
  const text = siwxMessageText(data)
  return { ...data, toString: () => text }
}
