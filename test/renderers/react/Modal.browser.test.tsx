import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { renderAirlock, skipAnimations, walletConnectListed } from "./setup.tsx"

beforeAll(() => skipAnimations())

const dialog = (name: string) => page.getByRole("dialog", { name })

describe("the modal", () => {
  test("the Connect button opens a dialog named by its title, with the focus inside", async () => {
    // Desktop width: narrower screens get the bottom sheet (modalFeel.browser.test.tsx).
    await page.viewport(1280, 800)
    const { button } = await renderAirlock()
    await userEvent.click(button)
    await expect.element(dialog("Connect Wallet")).toBeVisible()
    const element = dialog("Connect Wallet").element() as HTMLDialogElement
    expect(element.tagName).toBe("DIALOG")
    expect(element.open).toBe(true)
    expect(element.matches(":modal")).toBe(true)
    expect(element.contains(document.activeElement)).toBe(true)
    expect(getComputedStyle(element).width).toBe("360px")
    expect(getComputedStyle(element).zIndex).toBe("999")
  })

  test("closing, opening and closing again before the dialog's close events arrive leaves it as core says: open", async () => {
    const { client } = await renderAirlock()
    await client.open()
    await expect.element(dialog("Connect Wallet")).toBeVisible()
    const element = dialog("Connect Wallet").element() as HTMLDialogElement
    let closeEvents = 0
    element.addEventListener("close", () => closeEvents++)
    // React renders each change in a microtask; the dialog's close events come in tasks, after all of them.
    const rendered = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve()
    }
    void client.close()
    await rendered()
    void client.open()
    await rendered()
    void client.close()
    await rendered()
    void client.open()
    await expect.poll(() => closeEvents).toBe(2)
    expect(client.getState().modal.open).toBe(true)
    await expect.element(dialog("Connect Wallet")).toBeVisible()
  })

  test("All Wallets opens its view and Back returns to Connect", async () => {
    const { button, client } = await renderAirlock({ adapters: [walletConnectListed] })
    await userEvent.click(button)
    await expect.element(page.getByRole("button", { name: "Back" })).not.toBeInTheDocument()
    await userEvent.click(page.getByRole("button", { name: /All Wallets/ }))
    await expect.element(dialog("All Wallets")).toBeVisible()
    expect(client.getState().modal.history).toEqual(["Connect", "AllWallets"])
    await userEvent.click(page.getByRole("button", { name: "Back" }))
    await expect.element(dialog("Connect Wallet")).toBeVisible()
    expect(client.getState().modal.transition).toBe("prev")
    await expect.element(page.getByRole("button", { name: "Back" })).not.toBeInTheDocument()
    // The Back button went away with the history; focus must not fall out of the dialog.
    expect(dialog("Connect Wallet").element().contains(document.activeElement)).toBe(true)
  })

  test("Escape closes the modal through the client, resets the stack and returns focus to the button", async () => {
    const { button, client } = await renderAirlock({ adapters: [walletConnectListed] })
    await userEvent.click(button)
    await userEvent.click(page.getByRole("button", { name: /All Wallets/ }))
    await expect.element(dialog("All Wallets")).toBeVisible()
    await userEvent.keyboard("{Escape}")
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(client.getState().modal).toMatchObject({ open: false, view: "Connect", history: ["Connect"] })
    expect(document.activeElement).toBe(button)
  })

  test("the Close button closes the modal and returns focus to the button", async () => {
    const { button, client } = await renderAirlock()
    await userEvent.click(button)
    await userEvent.click(page.getByRole("button", { name: "Close" }))
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(client.getState().modal.open).toBe(false)
    expect(document.activeElement).toBe(button)
  })

  test("Tab and Shift+Tab keep the focus inside the dialog", async () => {
    const { button } = await renderAirlock()
    await userEvent.click(button)
    await expect.element(dialog("Connect Wallet")).toBeVisible()
    const element = dialog("Connect Wallet").element()
    for (let i = 0; i < 12; i++) {
      await userEvent.keyboard("{Tab}")
      expect(element.contains(document.activeElement)).toBe(true)
    }
    for (let i = 0; i < 3; i++) {
      await userEvent.keyboard("{Shift>}{Tab}{/Shift}")
      expect(element.contains(document.activeElement)).toBe(true)
    }
  })

  test("a programmatic open shows the modal without a button click and closing restores the earlier focus", async () => {
    const { button, client } = await renderAirlock()
    button.focus()
    await client.open({ view: "AllWallets" })
    await expect.element(dialog("All Wallets")).toBeVisible()
    await client.close()
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()
    expect(document.activeElement).toBe(button)
  })

  test("an open right after a close stays open: the dialog's late close event is not taken for the user's", async () => {
    const { client } = await renderAirlock()
    await client.open()
    await expect.element(dialog("Connect Wallet")).toBeVisible()
    const element = document.querySelector("dialog") as HTMLDialogElement
    // The app opens again the moment the dialog is closed (a microtask after dialog.close()), before the dialog's
    // native close event, which the browser dispatches a task later.
    const reopened = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (element.open) return
        observer.disconnect()
        void client.open({ view: "AllWallets" }).then(() => resolve())
      })
      observer.observe(element, { attributes: true, attributeFilter: ["open"] })
    })
    const closeEvent = new Promise<void>((resolve) =>
      element.addEventListener("close", () => resolve(), { once: true })
    )
    void client.close()
    await Promise.all([reopened, closeEvent])
    await expect.element(dialog("All Wallets")).toBeVisible()
    expect(client.getState().modal).toMatchObject({ open: true, view: "AllWallets" })
  })

  test("the shake class appears when core shakes and goes when it stops", async () => {
    const { button, client } = await renderAirlock()
    await userEvent.click(button)
    await expect.element(dialog("Connect Wallet")).toBeVisible()
    const card = () => document.querySelector(".airlock-card")
    expect(card()?.classList.contains("airlock-shake")).toBe(false)
    client.shake()
    await expect.poll(() => card()?.classList.contains("airlock-shake")).toBe(true)
    await expect.poll(() => card()?.classList.contains("airlock-shake"), { timeout: 2000 }).toBe(false)
  })

  test("the snack message shows over the header's title in a status region, in the state's language", async () => {
    const { button, client } = await renderAirlock()
    await userEvent.click(button)
    await expect.element(dialog("Connect Wallet")).toBeVisible()
    const card = document.querySelector(".airlock-card") as HTMLElement
    const body = document.querySelector(".airlock-body") as HTMLElement
    const where = (element: Element) => JSON.stringify(element.getBoundingClientRect())
    const bodyBefore = where(body)
    client.setState((state) => ({ ...state, snack: { message: { id: "common.addressCopied" }, variant: "success" } }))
    await expect.element(page.getByRole("status")).toHaveTextContent("Address copied")
    expect(card.lastElementChild?.textContent).toBe("Address copied")
    // It floats over the title, clear of the Close button: the view does not move when a snack comes or goes (a row
    // that moved between a press and its release lost the click), and a click on what it covers goes through to it.
    const snack = (card.lastElementChild as HTMLElement).getBoundingClientRect()
    const header = (document.querySelector(".airlock-header") as HTMLElement).getBoundingClientRect()
    const close = page.getByRole("button", { name: "Close" }).element().getBoundingClientRect()
    expect(where(body)).toBe(bodyBefore)
    expect(snack.top).toBeGreaterThanOrEqual(header.top)
    expect(snack.bottom).toBeLessThanOrEqual(header.bottom)
    expect(snack.right).toBeLessThanOrEqual(close.left)
    expect(document.elementFromPoint(snack.left + snack.width / 2, snack.top + snack.height / 2)).not.toBe(
      card.lastElementChild
    )
    client.setState((state) => ({ ...state, snack: undefined }))
    await expect.element(page.getByRole("status")).toBeEmptyDOMElement()
    expect(where(body)).toBe(bodyBefore)
    // An app's own words are shown as written.
    client.showSnack({ message: "Profile saved", variant: "info" })
    await expect.element(page.getByRole("status")).toHaveTextContent("Profile saved")
  })

  test("a view without a screen yet shows a notice instead of a blank modal", async () => {
    const { client } = await renderAirlock()
    await client.open({ view: "Activity" })
    await expect.element(dialog("Activity")).toBeVisible()
    await expect.element(page.getByText("This view is not available yet.")).toBeVisible()
  })
})
