import { afterEach, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { base, mainnet } from "../../../core/networks/index.ts"
import type { ConnectorData } from "../../../core/schema/connector.ts"
import { axeWhenSettled, connectedTo, renderAirlock, settled, skipAnimations, walletConnectListed } from "./setup.tsx"

beforeAll(() => skipAnimations())

const openModal = async (button: HTMLButtonElement, title: string) => {
  await userEvent.click(button)
  await expect.element(page.getByRole("dialog", { name: title })).toBeVisible()
  // Colours and sizes read off the card at rest.
  await settled()
  return document.querySelector("dialog") as HTMLDialogElement
}

const axeViolations = async () => {
  const result = await axeWhenSettled(document)
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`)
}

describe("theme", () => {
  test("light and dark set data-theme and draw different colors", async () => {
    const light = await renderAirlock({ themeMode: "light" })
    const lightDialog = await openModal(light.button, "Connect Wallet")
    expect(lightDialog.dataset.theme).toBe("light")
    expect(light.button.dataset.theme).toBe("light")
    const lightColors = [getComputedStyle(lightDialog).backgroundColor, getComputedStyle(lightDialog).color]
    expect(lightColors[0]).toBe("rgb(255, 255, 255)")

    light.client.setThemeMode("dark")
    await expect.poll(() => lightDialog.dataset.theme).toBe("dark")
    await settled()
    expect(light.button.dataset.theme).toBe("dark")
    const darkColors = [getComputedStyle(lightDialog).backgroundColor, getComputedStyle(lightDialog).color]
    expect(darkColors[0]).not.toBe(lightColors[0])
    expect(darkColors[1]).not.toBe(lightColors[1])
  })

  test("the masters default to a 10px font size and a 4px radius", async () => {
    const { button } = await renderAirlock()
    const dialog = await openModal(button, "Connect Wallet")
    const style = getComputedStyle(dialog)
    expect(style.getPropertyValue("--airlock-font-size-master").trim()).toBe("10px")
    expect(style.getPropertyValue("--airlock-border-radius-master").trim()).toBe("4px")
    expect(getComputedStyle(dialog.querySelector(".airlock-title") as Element).fontSize).toBe("16px")
    expect(style.borderTopLeftRadius).toBe("32px")
  })

  test("the app's theme variables reach the button and the modal through CSSOM", async () => {
    const { button } = await renderAirlock({
      themeVariables: { "--airlock-accent": "#ff0000", "--airlock-font-size-master": "12px" }
    })
    expect(getComputedStyle(button).backgroundColor).toBe("rgb(255, 0, 0)")
    const dialog = await openModal(button, "Connect Wallet")
    expect(getComputedStyle(dialog.querySelector(".airlock-title") as Element).fontSize).toBe("19.2px")
  })

  for (const themeMode of ["light", "dark"] as const) {
    test(`axe finds no violations with the Connect view open in ${themeMode}`, async () => {
      const { button } = await renderAirlock({ themeMode })
      await openModal(button, "Connect Wallet")
      expect(await axeViolations()).toEqual([])
    })

    test(`axe finds no violations on All Wallets and Account in ${themeMode}`, async () => {
      const { button, client } = await renderAirlock({
        themeMode,
        state: (state) => ({
          ...connectedTo("0x1234567890abcdef1234567890abcdef12345678")(state),
          wallets: {
            ...state.wallets,
            all: [
              { id: "w1", name: "Wallet One" },
              { id: "w2", name: "Wallet Two" }
            ]
          }
        })
      })
      await openModal(button, "Account")
      expect(await axeViolations()).toEqual([])
      client.push("AllWallets")
      await expect.element(page.getByRole("dialog", { name: "All Wallets" })).toBeVisible()
      expect(await axeViolations()).toEqual([])
    })

    test(`axe finds no violations on the connection views in ${themeMode}`, async () => {
      // A wallet that keeps its prompt open, then refuses: ConnectingExternal in both states.
      let refuse: (error: unknown) => void = () => {}
      let asked: () => void = () => {}
      const prompted = new Promise<void>((resolve) => {
        asked = resolve
      })
      const wallet = {
        namespace: "eip155" as const,
        watchConnectors: (onChange: (c: ReadonlyArray<ConnectorData>) => void) => {
          onChange([{ id: "test.wallet", type: "ANNOUNCED", name: "Test Wallet", chain: "eip155" }])
          return () => {}
        },
        load: async () => ({
          connect: () =>
            new Promise<never>((_resolve, reject) => {
              refuse = reject
              asked()
            }),
          switchNetwork: () => new Promise<void>(() => {})
        })
      }
      const { button, client } = await renderAirlock({ themeMode, adapters: [wallet], networks: [mainnet, base] })
      await openModal(button, "Connect Wallet")
      client.push("ConnectingExternal", { connectorId: "test.wallet", walletName: "Test Wallet" })
      await expect.element(page.getByRole("status").filter({ hasText: "Continue in Test Wallet" })).toBeVisible()
      expect(await axeViolations()).toEqual([])
      await prompted
      refuse(Object.assign(new Error("User rejected"), { code: 4001 }))
      await expect.element(page.getByRole("button", { name: "Try again" })).toBeVisible()
      expect(await axeViolations()).toEqual([])
      client.push("Networks")
      await expect.element(page.getByRole("dialog", { name: "Choose Network" })).toBeVisible()
      expect(await axeViolations()).toEqual([])
      client.push("UnsupportedChain")
      await expect
        .element(page.getByText("This app doesn't support your current network.", { exact: false }))
        .toBeVisible()
      expect(await axeViolations()).toEqual([])
      // Connected, the wallet asked to switch (and never answering): SwitchNetwork waiting for approval.
      client.setState((state) => ({
        ...connectedTo("0x1234567890abcdef1234567890abcdef12345678")(state),
        activeConnectorIds: { eip155: "test.wallet" }
      }))
      client.push("SwitchNetwork", { caipNetworkId: "eip155:8453" })
      await expect.element(page.getByRole("status").filter({ hasText: "Approve in Test Wallet" })).toBeVisible()
      expect(await axeViolations()).toEqual([])
    })
  }
})

describe("a strict Content-Security-Policy", () => {
  let meta: HTMLMetaElement | undefined
  const violations: string[] = []
  const record = (event: SecurityPolicyViolationEvent) => violations.push(`${event.violatedDirective} ${event.sample}`)

  afterEach(() => {
    document.removeEventListener("securitypolicyviolation", record)
    meta?.remove()
    skipAnimations(true)
  })

  test("opening, navigating and animating the modal needs no inline style (style-src 'self')", async () => {
    // The test's own stylesheet is already in; from here on, inline styles are refused and reported.
    meta = document.createElement("meta")
    meta.httpEquiv = "Content-Security-Policy"
    meta.content = "style-src 'self'"
    document.head.append(meta)
    document.addEventListener("securitypolicyviolation", record)
    skipAnimations(false)

    const { button, client } = await renderAirlock({
      adapters: [walletConnectListed],
      themeVariables: { "--airlock-accent": "#ff0000" }
    })
    await openModal(button, "Connect Wallet")
    await userEvent.click(page.getByRole("button", { name: /All Wallets/ }))
    await expect.element(page.getByRole("dialog", { name: "All Wallets" })).toBeVisible()
    // Each animation is waited out by its end state, not by time: the slide-in ends at full opacity, the shake ends.
    const inPlace = (view: string) => {
      const element = document.querySelector<HTMLElement>(".airlock-view")
      return element?.dataset.view === view && element.style.opacity === "1"
    }
    await expect.poll(() => inPlace("AllWallets")).toBe(true)
    client.shake()
    await expect.poll(() => document.querySelector("[data-shake]")?.getAttribute("data-shake")).toBe("true")
    await userEvent.click(page.getByRole("button", { name: "Back" }))
    await expect.poll(() => inPlace("Connect")).toBe(true)
    await expect.poll(() => document.querySelector("[data-shake]")?.getAttribute("data-shake")).toBe("false")
    expect(getComputedStyle(button).backgroundColor).toBe("rgb(255, 0, 0)")
    expect(violations).toEqual([])

    // The check itself works: a style attribute in markup is refused and reported.
    const probe = document.createElement("div")
    probe.innerHTML = '<span style="color: red">x</span>'
    document.body.append(probe)
    await expect.poll(() => violations.length).toBeGreaterThan(0)
    probe.remove()
  })
})
