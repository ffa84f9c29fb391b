import { afterEach, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { renderAirlock, settled, skipAnimations, walletConnectListed } from "./setup.tsx"

beforeAll(() => skipAnimations())
afterEach(async () => {
  await page.viewport(1280, 800)
})

const openModal = async (options: Parameters<typeof renderAirlock>[0] = {}) => {
  const rendered = await renderAirlock(options)
  await userEvent.click(rendered.button)
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  // The card's boxes and styles are read at rest.
  await settled()
  const dialog = page.getByRole("dialog", { name: "Connect Wallet" }).element() as HTMLDialogElement
  return { ...rendered, dialog }
}

/** A press at (x, y) on `down`, released at (x2, y2) over `up`: the events a browser sends for it. */
const press = (down: Element, at: [number, number], up: Element, to: [number, number]) => {
  down.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, clientX: at[0], clientY: at[1] }))
  up.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, clientX: to[0], clientY: to[1] }))
  // The click goes to the nearest common ancestor of the press and the release targets.
  const common = down.contains(up) ? down : up.contains(down) ? up : up
  common.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: to[0], clientY: to[1] }))
}

describe("the modal as users handle it", () => {
  test("a press that starts inside the card and ends on the backdrop does not close it", async () => {
    const { dialog, client } = await openModal()
    const title = dialog.querySelector("h2") as HTMLElement
    const box = title.getBoundingClientRect()
    press(title, [box.left + 2, box.top + 2], dialog, [2, 2])
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(client.getState().modal.open).toBe(true)
  })

  test("a press that starts and ends on the backdrop closes it", async () => {
    const { dialog, client } = await openModal()
    press(dialog, [2, 2], dialog, [2, 2])
    await expect.poll(() => client.getState().modal.open).toBe(false)
  })

  test("the page does not scroll behind the open modal, and scrolls again once it closes", async () => {
    const { client } = await openModal()
    expect(getComputedStyle(document.documentElement).overflow).toBe("hidden")
    await client.close()
    await expect.poll(() => getComputedStyle(document.documentElement).overflow).not.toBe("hidden")
  })

  test("on a 390 px wide screen the modal is a bottom sheet", async () => {
    await page.viewport(390, 800)
    const { dialog } = await openModal()
    const box = dialog.getBoundingClientRect()
    expect(Math.round(box.width)).toBe(390)
    expect(Math.round(box.bottom)).toBe(window.innerHeight)
  })

  test("the first frame of an open shows the view at its full height, not a card growing from nothing", async () => {
    skipAnimations(false)
    try {
      // WalletConnect listed: the Connect view draws its wallets (the registry's need a connector that reaches them).
      const rendered = await renderAirlock({ adapters: [walletConnectListed] })
      // The body's height at each of the open's first frames (its animation runs with animations on).
      const heights: Array<[number, number]> = []
      const watch = new MutationObserver(() => {
        const body = document.querySelector<HTMLElement>("dialog[open] .airlock-body")
        const view = body?.querySelector<HTMLElement>(".airlock-view")
        if (body === null || body === undefined || view === null || view === undefined || heights.length > 0) return
        const look = () => {
          heights.push([body.getBoundingClientRect().height, view.getBoundingClientRect().height])
          if (heights.length < 4) requestAnimationFrame(look)
        }
        requestAnimationFrame(look)
      })
      watch.observe(document.body, { subtree: true, childList: true, attributes: true })
      await userEvent.click(rendered.button)
      await expect.poll(() => heights.length).toBe(4)
      watch.disconnect()
      for (const [body, view] of heights) {
        expect(view).toBeGreaterThan(40)
        expect(body).toBeCloseTo(view, 0)
      }
    } finally {
      skipAnimations(true)
    }
  })

  test("the backdrop is dimmed, not blurred (a blur refiltered every frame the page painted); a theme may blur it", async () => {
    const { dialog } = await openModal()
    const backdrop = getComputedStyle(dialog, "::backdrop")
    expect(backdrop.backgroundColor).not.toBe("rgba(0, 0, 0, 0)")
    expect(backdrop.backdropFilter).toBe("none")
  })

  test("themeVariables' --airlock-backdrop-filter blurs the backdrop", async () => {
    const { dialog } = await openModal({ themeVariables: { "--airlock-backdrop-filter": "blur(4px)" } })
    expect(getComputedStyle(dialog, "::backdrop").backdropFilter).toBe("blur(4px)")
  })
})
