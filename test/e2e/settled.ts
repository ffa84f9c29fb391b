import type { Page } from "playwright-core"

/**
 * Resolves once nothing moves in the page it runs in (`settled` runs it in a Playwright page; its own browser test,
 * test/renderers/react/settled.browser.test.tsx, in Vitest's), for axe and any look at the modal: no finite CSS
 * animation or transition running (a spinner turns for ever), the views and titles at full opacity, and the modal's
 * inline styles (react-spring writes the view's fade and slide and the card's height there on each frame; the demo
 * bundles its own copy, so its frame loop is out of reach) the same over two frames in a row. A view still fading in is
 * measured at its passing opacity and fails colour contrast, which a user never sees settled. Rejects, naming what
 * still moves, after `timeout` ms. Self-contained: Playwright sends its source to the page.
 */
export const standStill = async (timeout: number): Promise<void> => {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
  const look = (): { moving: string[]; styles: string } => {
    const css = document
      .getAnimations()
      .filter((animation) => animation.playState === "running" || animation.pending)
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => (animation as CSSAnimation).animationName ?? animation.constructor.name)
    const faded = [...document.querySelectorAll<HTMLElement>(".airlock-view, .airlock-title")]
      .filter((element) => !["", "1"].includes(element.style.opacity))
      .map((element) => `${element.className} at opacity ${element.style.opacity}`)
    const styles = [...document.querySelectorAll("dialog [style]")].map((element) => element.getAttribute("style"))
    return { moving: [...css, ...faded], styles: styles.join("\n") }
  }
  const deadline = performance.now() + timeout
  let last = look()
  let quiet = 0
  while (quiet < 2) {
    await frame()
    const now = look()
    const moving = now.styles === last.styles ? now.moving : [...now.moving, "the modal's inline styles"]
    last = now
    if (moving.length === 0) quiet += 1
    else {
      quiet = 0
      if (performance.now() > deadline) throw new Error(`settled: still moving after ${timeout} ms: ${moving}`)
    }
  }
}

/** {@link standStill} in `page`: every axe check and measurement of the e2e tests awaits it first. */
export const settled = (page: Page, timeout = 10_000): Promise<void> => page.evaluate(standStill, timeout)
