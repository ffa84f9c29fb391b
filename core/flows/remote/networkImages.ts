import * as Effect from "effect/Effect"
import type { CaipNetwork } from "../../schema/network.ts"
import { Options } from "../../services/Options.ts"
import { WalletApi, type WalletApiShape } from "../../services/WalletApi.ts"
import { StateStore } from "../../state/StateStore.ts"

/** The longest `assets.imageId` asked of the wallet API (the registry's ids are 36-character UUIDs). */
export const maxImageIdLength = 128

/**
 * The wallet API's URL of a network's image (`assets.imageId`), or `undefined` when the network names none or its id
 * is not one to send: empty, longer than `maxImageIdLength` (a 2 MB id would be a 2 MB URL in every `<img>`), a dot
 * segment (`..` would resolve to another path of the API; every other character, `/` included, is URL-encoded) or text
 * that cannot be URL-encoded (a lone surrogate).
 */
export const networkImageUrl = (api: WalletApiShape, network: CaipNetwork): string | undefined =>
  imageUrlOf(api.assetImageUrl, network.assets?.imageId)

/** `url(id)` for an image id fit to send (see {@link networkImageUrl}), else `undefined`. */
export const imageUrlOf = (url: (id: string) => string, id: string | null | undefined): string | undefined => {
  if (typeof id !== "string" || id.length === 0 || id.length > maxImageIdLength || id === "." || id === "..") {
    return undefined
  }
  try {
    return url(id)
  } catch {
    return undefined
  }
}

/**
 * Puts the wallet API's image of each app network that has an `assets.imageId` into `state.networkImages`, so every
 * renderer draws it without knowing the API. Without a project id the API would refuse them: none are given.
 */
export const resolveNetworkImages = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  const api = yield* WalletApi
  store.update((state) => {
    const images: Record<string, string> = {}
    if (options.projectId !== undefined) {
      for (const network of state.networks) {
        const url = networkImageUrl(api, network)
        if (url !== undefined) images[network.caipNetworkId] = url
      }
    }
    return { ...state, networkImages: images }
  })
})
