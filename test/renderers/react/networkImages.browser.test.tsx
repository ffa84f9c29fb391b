import { beforeAll, describe, expect, test } from "vitest"
import { page } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { CaipNetwork } from "../../../core/schema/network.ts"
import { NetworkButton } from "../../../renderers/react/index.ts"
import { renderAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

// Served by the test server on localhost: a plain-http loopback image, as the sandbox's wallet API serves them.
const registryImage = `${location.origin}/test/renderers/react/wallet.svg`
// A raster data URL: an app's own image (svg+xml data is refused, see isSafeImageUrl).
const pngData =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

/** The fake wallet API's image URLs: `eth-image` is a real image, any other id is a 404. */
const walletApi = {
  imageUrl: (kind: string, id: string) =>
    kind === "asset" && id === "eth-image" ? registryImage : `${location.origin}/no-such-image/${id}.svg`
}

/** Ethereum (which has an Airlock mark of its own) with the given assets. */
const ethereum = (assets: CaipNetwork["assets"]): CaipNetwork => ({ ...mainnet, ...(assets ? { assets } : {}) })

const networkButton = async (network: CaipNetwork) => {
  await renderAirlock({ networks: [network], walletApi }, <NetworkButton />)
  return page.getByRole("button", { name: "Ethereum" })
}
const iconIn = (button: ReturnType<typeof page.getByRole>) =>
  button.element().querySelector(".airlock-network-icon") as HTMLElement | null

describe("network images", () => {
  test("a network with only assets.imageId draws the wallet API's image as a decorative <img>, not Airlock's mark", async () => {
    const button = await networkButton(ethereum({ imageId: "eth-image" }))
    await expect.poll(() => iconIn(button)?.getAttribute("src")).toBe(registryImage)
    const img = iconIn(button) as HTMLImageElement
    expect(img.tagName).toBe("IMG")
    expect(img.getAttribute("alt")).toBe("")
    await expect.poll(() => img.complete && img.naturalWidth > 0).toBe(true)
    expect(button.element().querySelector("svg")).toBeNull()
    await expect.element(button).toHaveAccessibleName("Ethereum")
  })

  test("the app's own safe imageUrl comes before the registry's image", async () => {
    const button = await networkButton(ethereum({ imageId: "eth-image", imageUrl: pngData }))
    await expect.poll(() => iconIn(button)?.getAttribute("src")).toBe(pngData)
  })

  test("an unsafe imageUrl (javascript:) is never drawn: the registry's image stands in", async () => {
    const button = await networkButton(ethereum({ imageId: "eth-image", imageUrl: "javascript:alert(1)" }))
    await expect.poll(() => iconIn(button)?.getAttribute("src")).toBe(registryImage)
    expect(button.element().innerHTML).not.toContain("javascript:")
  })

  test("a registry image that does not load gives way to Airlock's mark", async () => {
    const button = await networkButton(ethereum({ imageId: "unknown-image" }))
    await expect
      .poll(() => button.element().querySelector("svg.airlock-network-icon")?.getAttribute("data-brand"))
      .toBe("eip155:1")
    expect(button.element().querySelector("img")).toBeNull()
  })
})
