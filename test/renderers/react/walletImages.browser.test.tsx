import { afterEach, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { Connector } from "../../../core/schema/connector.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { renderAirlock, settled, skipAnimations, walletConnectConnector, walletConnectListed } from "./setup.tsx"

beforeAll(() => {
  skipAnimations()
  // Requests are counted from resource timing entries. Its buffer holds 250 by default, and the dev server's modules
  // fill it, after which new requests are not recorded: make room.
  performance.setResourceTimingBufferSize(100_000)
})

// A raster data URL: svg+xml data is refused (it can carry script), see isSafeImageUrl.
const pngData =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="
// Served by the test server on localhost: a plain-http loopback image, as the sandbox's wallet API serves them.
const loopbackImage = `${location.origin}/test/renderers/react/wallet.svg`

const withImages =
  (images: { connector?: string; recent?: string; all?: string }) =>
  (state: AirlockState): AirlockState => {
    const connector: Connector = {
      id: "io.metamask",
      type: "ANNOUNCED",
      name: "MetaMask",
      chain: "eip155",
      ...(images.connector === undefined ? {} : { info: { icon: images.connector } })
    }
    return {
      ...state,
      connectors: [walletConnectConnector, connector],
      wallets: {
        ...state.wallets,
        recent: [{ id: "rainbow", name: "Rainbow", image_url: images.recent ?? null }],
        all: [{ id: "zerion", name: "Zerion", image_url: images.all ?? null }],
        count: 1
      }
    }
  }

const openConnect = async (state: (state: AirlockState) => AirlockState) => {
  const rendered = await renderAirlock({ state })
  await userEvent.click(rendered.button)
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  return rendered
}

/** The wallet picture inside the button named `name`: an <img> or the placeholder. */
const pictureOf = (name: string | RegExp) =>
  page.getByRole("button", { name }).element().querySelector("[data-part=wallet-image]") as HTMLElement

/** Every `src` any <img> had while the test ran, even for a moment. */
const srcsSeen: string[] = []
const recordSrcs = new MutationObserver((records) => {
  for (const record of records) {
    const nodes = record.type === "attributes" ? [record.target] : [...record.addedNodes]
    for (const node of nodes) {
      if (!(node instanceof Element)) continue
      for (const img of [node, ...node.querySelectorAll("img")]) {
        if (img instanceof HTMLImageElement && img.hasAttribute("src")) srcsSeen.push(img.getAttribute("src") ?? "")
      }
    }
  }
})

afterEach(() => {
  recordSrcs.disconnect()
  srcsSeen.length = 0
})

describe("wallet images", () => {
  test("a safe image shows beside the name as a decorative <img>, the wallet still named by its text", async () => {
    await openConnect(withImages({ connector: pngData, recent: loopbackImage }))
    // A registry image is fetched once and drawn from its object URL; an announced data: icon is drawn as it is.
    await expect.poll(() => pictureOf("Rainbow Recent").getAttribute("src") ?? "").toMatch(/^blob:/)
    expect(pictureOf(/^MetaMask/).getAttribute("src")).toBe(pngData)
    for (const name of [/^MetaMask/, "Rainbow Recent"]) {
      const picture = pictureOf(name)
      expect(picture.tagName).toBe("IMG")
      expect(picture.getAttribute("alt")).toBe("")
    }
    await expect.element(page.getByRole("button", { name: "MetaMask Installed" })).toBeVisible()
    await expect.poll(() => (pictureOf("Rainbow Recent") as HTMLImageElement).complete).toBe(true)
    expect((pictureOf("Rainbow Recent") as HTMLImageElement).naturalWidth).toBe(32)
  })

  test("an unsafe or missing image URL shows the first-letter placeholder, hidden from screen readers", async () => {
    await openConnect(withImages({ connector: "http://wallets.example/metamask.png" }))
    for (const [name, letter] of [
      [/^MetaMask/, "M"],
      ["Rainbow Recent", "R"]
    ] as const) {
      const picture = pictureOf(name)
      expect(picture.tagName).toBe("SPAN")
      expect(picture.textContent).toBe(letter)
      expect(picture.getAttribute("aria-hidden")).toBe("true")
    }
  })

  test("an image that fails to load falls back to the placeholder", async () => {
    await openConnect(withImages({ recent: "https://127.0.0.1:1/rainbow.png" }))
    await expect.poll(() => pictureOf("Rainbow Recent").tagName).toBe("SPAN")
    expect(pictureOf("Rainbow Recent").textContent).toBe("R")
  })

  test("All Wallets shows a tile of the registry's first four wallet images, decorative", async () => {
    await openConnect((state) => ({
      ...withImages({})(state),
      wallets: {
        ...state.wallets,
        featured: [{ id: "trust", name: "Trust Wallet", image_url: loopbackImage }],
        recommended: ["a", "b", "c", "d"].map((id) => ({ id, name: id, image_url: `${pngData}#${id}` })),
        count: 600
      }
    }))
    const tile = page
      .getByRole("button", { name: /All Wallets/ })
      .element()
      .querySelector(".airlock-wallet-tile")
    expect(tile?.getAttribute("aria-hidden")).toBe("true")
    // Trust Wallet's image first, then the recommended wallets' until there are four.
    await expect.poll(() => [...(tile?.querySelectorAll("img") ?? [])].length).toBe(4)
    expect(tile?.querySelectorAll("img")[0]?.getAttribute("alt")).toBe("")
    // The four fit in the place of one wallet's image, two by two (measured once laid out and still).
    await settled()
    const box = tile?.getBoundingClientRect()
    expect([box?.width, box?.height]).toEqual([32, 32])
    const cells = [...(tile?.querySelectorAll("img") ?? [])].map((img) => img.getBoundingClientRect())
    expect(new Set(cells.map((cell) => cell.width))).toEqual(new Set([13]))
    expect(new Set(cells.map((cell) => Math.round(cell.top - (box?.top ?? 0)))).size).toBe(2)
  })

  test("a javascript: image URL is never put into an <img src>, on Connect or All Wallets", async () => {
    recordSrcs.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["src"] })
    await openConnect(
      withImages({
        connector: "javascript:alert(1)",
        recent: " JaVaScRiPt:alert(document.domain)",
        all: "javascript:alert(2)//.png"
      })
    )
    await userEvent.click(page.getByRole("button", { name: /All Wallets/ }))
    await expect.element(page.getByRole("grid", { name: "All Wallets" })).toBeVisible()
    expect(pictureOf("Zerion").textContent).toBe("Z")
    expect(document.querySelectorAll("img")).toHaveLength(0)
    expect(srcsSeen.filter((src) => /javascript:/i.test(src))).toEqual([])
  })
})

describe("wallet image prefetch (SPEC §9)", () => {
  test("the first 20 wallet images are fetched before the modal opens, and no more", async () => {
    const tag = `prefetch-${Date.now()}`
    const url = (n: number) => `${loopbackImage}?${tag}=${n}`
    const wallets = Array.from({ length: 25 }, (_, n) => ({ id: `w${n}`, name: `Wallet ${n}`, image_url: url(n) }))
    const { client } = await renderAirlock({
      state: (state) => ({
        ...state,
        wallets: { ...state.wallets, recommended: wallets.slice(0, 4), all: wallets, count: 25 }
      })
    })
    const fetched = () =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => name.includes(tag))
    // The modal's chunk comes on idle and prefetches on idle: two idle callbacks, each up to 2 s on a loaded machine.
    await expect.poll(() => fetched().length, { timeout: 10_000 }).toBe(20)
    expect(client.getState().modal.open).toBe(false)
    expect(fetched()).toContain(url(0))
    expect(fetched()).not.toContain(url(20))
  })
})

describe("wallet image cache (SPEC §9)", () => {
  test("an image is fetched once, however often it is drawn: Connect, All Wallets, closing and reopening", async () => {
    const url = `${loopbackImage}?cache-${Date.now()}`
    const rainbow = { id: "rainbow", name: "Rainbow", image_url: url }
    const { button, client } = await renderAirlock({
      adapters: [walletConnectListed],
      state: (state) => ({ ...state, wallets: { ...state.wallets, recent: [rainbow], all: [rainbow], count: 1 } })
    })
    const requests = () => performance.getEntriesByType("resource").filter((entry) => entry.name === url).length
    for (let round = 0; round < 2; round++) {
      await userEvent.click(button)
      await expect.poll(() => pictureOf("Rainbow Recent").getAttribute("src") ?? "").toMatch(/^blob:/)
      client.push("AllWallets")
      await expect.element(page.getByRole("grid", { name: "All Wallets" })).toBeVisible()
      await expect.poll(() => pictureOf("Rainbow").getAttribute("src") ?? "").toMatch(/^blob:/)
      client.close()
      await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    }
    expect(requests()).toBe(1)
  })
})
