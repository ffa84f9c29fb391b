import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { Nft } from "../../../core/schema/api/nfts.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// The Account view's NFTs tab through the real flow: a wallet connects (airlock/testing's fakeAdapter), the tab loads
// the NFTs from the blockchain API (memory layer), and a tile opens the NFT's detail.

beforeAll(() => skipAnimations())

const contract = "0x0000000000000000000000000000000000000abc"
const nft = (id: number, extra: Partial<Nft> = {}): Nft => ({
  id: `eip155:1:${contract}:${id}`,
  chainId: "eip155:1",
  contract: `eip155:1:${contract}`,
  tokenId: String(id),
  name: `Punk #${id}`,
  collection: { name: "Punks" },
  description: "A punk.",
  standard: "erc721",
  ...extra
})

const setup = async (themeMode: "light" | "dark" = "light") => {
  const { adapter } = fakeAdapter()
  const rendered = await renderAirlock({
    themeMode,
    networks: [mainnet],
    adapters: [adapter],
    blockchainApi: {
      nfts: {
        [fakeAccount]: [
          nft(1),
          nft(2, { isSpam: true, name: "Claim your prize" }),
          nft(3, { imageUrl: "javascript:alert(1)" })
        ]
      }
    }
  })
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  const dialog = page.getByRole("dialog", { name: "Account" })
  await userEvent.click(dialog.getByRole("tab", { name: "NFTs" }))
  return { ...rendered, dialog }
}

describe("the NFTs tab", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`shows the account's NFTs as tiles, spam hidden, and a tile's detail (${themeMode}, axe)`, async () => {
      const { dialog } = await setup(themeMode)
      const grid = dialog.getByRole("list", { name: "NFTs" })
      await expect.element(grid).toBeVisible()
      expect(
        grid
          .getByRole("listitem")
          .elements()
          .map((tile) => tile.textContent)
      ).toEqual(["PPunk #1Punks", "PPunk #3Punks"])
      // An unsafe image URL was dropped at the boundary: the tile shows the collection's initial.
      expect(grid.element().querySelector("img")).toBeNull()
      let result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
      await userEvent.click(grid.getByRole("button", { name: /Punk #3/ }))
      const detail = page.getByRole("dialog", { name: "NFT" })
      await expect.element(detail.getByRole("heading", { name: "Punk #3" })).toBeVisible()
      await expect.element(detail.getByText("A punk.")).toBeVisible()
      await expect
        .element(detail.getByRole("link", { name: "View on Etherscan" }))
        .toHaveAttribute("href", `https://etherscan.io/nft/${contract}/3`)
      result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
    })
  }

  test("a tile opens by keyboard, and Back returns to the NFTs tab", async () => {
    const { dialog } = await setup()
    const tile = dialog.getByRole("button", { name: /Punk #1/ })
    await expect.element(tile).toBeVisible()
    ;(tile.element() as HTMLElement).focus()
    await userEvent.keyboard("{Enter}")
    await expect
      .element(page.getByRole("dialog", { name: "NFT" }).getByRole("heading", { name: "Punk #1" }))
      .toBeVisible()
    await userEvent.click(page.getByRole("button", { name: "Back" }))
    await expect
      .element(page.getByRole("dialog", { name: "Account" }).getByRole("tab", { name: "NFTs" }))
      .toHaveAttribute("aria-selected", "true")
  })
})
