import { Globals } from "@react-spring/web"
import { afterEach, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { standStill } from "../../e2e/settled.ts"
import { renderAirlock, settled, skipAnimations, walletConnectListed } from "./setup.tsx"

// `settled` is what every axe, visual and layout check of these tests waits for: if it stopped waiting, they would
// measure views half-faded again, and only a loaded machine would show it. These tests keep it honest.

beforeAll(() => skipAnimations(false))
afterEach(() => {
  Globals.assign({ now: () => performance.now() })
  skipAnimations(false)
})

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

const openConnect = async () => {
  const rendered = await renderAirlock({ adapters: [walletConnectListed] })
  await userEvent.click(rendered.button)
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  await settled()
  return { ...rendered, dialog: document.querySelector("dialog") as HTMLDialogElement }
}

// Their deadline well past the frames the test holds the clock for, even on a loaded machine.
const helpers = [
  { name: "settled", wait: () => settled(document, 10_000) },
  // The e2e tests' own, which cannot reach the demo's react-spring: it reads the modal's inline styles.
  { name: "the e2e tests' standStill", wait: () => standStill(10_000) }
]

describe("settled", () => {
  test.each(helpers)(
    "$name waits for a new view's fade-in (a react-spring animation, not in getAnimations) to end at full opacity",
    async ({ wait }) => {
      const { client } = await openConnect()
      // react-spring's clock stands still from here: frames pass, the fade does not.
      const stopped = performance.now()
      Globals.assign({ now: () => stopped })
      client.push("AllWallets")
      await expect.element(page.getByRole("dialog", { name: "All Wallets" })).toBeVisible()
      let done = false
      const waiting = wait().then(() => {
        done = true
      })
      for (let i = 0; i < 5; i++) await frame()
      const view = document.querySelector(".airlock-view") as HTMLElement
      expect(view.dataset.view).toBe("AllWallets")
      // Part-faded (its first frame drawn, never more than 64 ms of its 150), and settled still waiting.
      expect(view.style.opacity).toMatch(/^0(\.\d+)?$/)
      // Held there by the clock the tests set: the renderer's springs are the copy `settled` watches.
      const held = view.style.opacity
      for (let i = 0; i < 3; i++) await frame()
      expect(view.style.opacity).toBe(held)
      expect(document.getAnimations().filter((animation) => animation.playState === "running")).toEqual([])
      expect(done).toBe(false)

      Globals.assign({ now: () => performance.now() })
      await waiting
      expect(view.style.opacity).toBe("1")
      expect(view.style.transform).toBe("translateX(0px)")
      expect((document.querySelector(".airlock-title") as HTMLElement).style.opacity).toBe("1")
    }
  )

  test("waits for a finite CSS animation to finish, not for one that runs for ever (a spinner)", async () => {
    const { dialog } = await openConnect()
    const spinner = dialog.animate([{ rotate: "0deg" }, { rotate: "360deg" }], { duration: 900, iterations: Infinity })
    const fade = dialog.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 300 })
    expect(fade.playState).toBe("running")
    await settled()
    expect(fade.playState).toBe("finished")
    expect(spinner.playState).toBe("running")
    spinner.cancel()
  })

  test("names what still moves when it does not stop in time", async () => {
    const { dialog } = await openConnect()
    const slow = dialog.animate([{ opacity: 0.5 }, { opacity: 1 }], { duration: 60_000 })
    await expect(settled(document, 200)).rejects.toThrow(/still moving after 200 ms: Animation/)
    slow.cancel()
  })
})
