import { Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import { mainnet } from "../../../../core/networks/index.ts"
import type { CaipNetwork } from "../../../../core/schema/network.ts"
import { sdkVersion } from "../../../../core/services/ClientConfig.ts"
import { WalletApi } from "../../../../core/services/WalletApi.ts"
import { createTestAirlock } from "../../../../core/testing/index.ts"

// The live wallet API layer (what a page gets) against msw: it builds the image URLs the renderers draw.
const API = "https://wallet-api.test"
const server = setupServer(
  http.get(`${API}/appkit/v1/config`, () => HttpResponse.json({ features: [] })),
  http.get(`${API}/projects/v1/origins`, () => HttpResponse.json({ allowedOrigins: [] })),
  http.get(`${API}/getAnalyticsConfig`, () => HttpResponse.json({ isAnalyticsEnabled: false }))
)
beforeAll(() => {
  server.listen({ onUnhandledFrame: "error" })
  // Without a WalletConnect connector the client says once that the registry's wallets are hidden: not this test's.
  vi.spyOn(console, "warn").mockImplementation(() => {})
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  vi.restoreAllMocks()
})

const clients: Array<{ destroy: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()))
})

/** A network of its own chain id, naming its image by `imageId`. */
const withImageId = (id: number, imageId: string): CaipNetwork => ({
  ...mainnet,
  id,
  caipNetworkId: `eip155:${id}` as CaipNetwork["caipNetworkId"],
  name: `Chain ${id}`,
  assets: { imageId }
})

const start = async (networks: ReadonlyArray<CaipNetwork>, options: { readonly withoutProjectId?: boolean } = {}) => {
  const client = createTestAirlock({
    projectId: options.withoutProjectId === true ? undefined : "p1",
    networks: networks as [CaipNetwork, ...Array<CaipNetwork>],
    endpoints: { walletApi: API, blockchainApi: API },
    layer: WalletApi.layer.pipe(Layer.provide(FetchHttpClient.layer))
  })
  clients.push(client)
  await client.ready
  return client
}

const common = `projectId=p1&st=airlock&sv=${sdkVersion}`
const assetPath = "/public/getAssetImage/"

describe("network images from the wallet API", () => {
  it("a network with only assets.imageId gets the API's asset image URL, with the project's parameters", async () => {
    const base = withImageId(8453, "7289c336-3981-4081-c5f4-efc26ac64a00")
    const client = await start([mainnet, base])
    const images = client.getState().networkImages
    expect(images).toEqual({ "eip155:8453": `${API}${assetPath}7289c336-3981-4081-c5f4-efc26ac64a00?${common}` })
    // A network without an imageId (mainnet here) keeps Airlock's own mark: no entry.
    expect(images?.["eip155:1"]).toBeUndefined()
  })

  it("an app's own imageUrl does not hide the registry image, so a renderer can fall back to it", async () => {
    const network = {
      ...withImageId(10, "op-image"),
      assets: { imageId: "op-image", imageUrl: "https://cdn.example/op.png" }
    }
    const client = await start([network])
    expect(client.getState().networkImages?.["eip155:10"]).toBe(`${API}${assetPath}op-image?${common}`)
  })

  it("hostile image ids stay inside the asset image path, encoded, or are refused; the client still starts", async () => {
    const networks = [
      withImageId(1, "javascript:alert(document.cookie)"),
      withImageId(2, "../../getWallets?entries=1000"),
      withImageId(3, ".."),
      withImageId(4, "."),
      withImageId(5, "x".repeat(2_000_000)),
      withImageId(6, "\uD800"),
      withImageId(7, ""),
      withImageId(8, "a b/c#d")
    ]
    const client = await start(networks)
    expect(client.getState().status).toBe("ready")
    const images = client.getState().networkImages ?? {}
    // Refused: a dot segment would leave the path, 2 MB would be a 2 MB URL, a lone surrogate cannot be encoded.
    expect(Object.keys(images).sort()).toEqual(["eip155:1", "eip155:2", "eip155:8"])
    for (const url of Object.values(images)) {
      const parsed = new URL(url)
      expect(parsed.origin).toBe(API)
      expect(parsed.pathname.startsWith(assetPath)).toBe(true)
      // One path segment after the asset path: nothing escaped into another route or into the query.
      expect(parsed.pathname.slice(assetPath.length)).not.toContain("/")
      expect(parsed.search).toBe(`?${common}`)
    }
    expect(images["eip155:1"]).toBe(`${API}${assetPath}javascript:alert(document.cookie)?${common}`)
    expect(images["eip155:2"]).toBe(`${API}${assetPath}..%2F..%2FgetWallets%3Fentries%3D1000?${common}`)
    expect(images["eip155:8"]).toBe(`${API}${assetPath}a%20b%2Fc%23d?${common}`)
  })

  it("without a project id no image is asked for", async () => {
    const client = await start([withImageId(8453, "base-image")], { withoutProjectId: true })
    expect(client.getState().networkImages).toEqual({})
  })
})
