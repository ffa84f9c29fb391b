import { describe, expect, it } from "vitest"
import { walletLink, walletLinkKinds, walletLinkTarget } from "../../../core/rules/walletLinks.ts"

const uri = "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484"

describe("wallet links", () => {
  it("an app scheme gets the pairing URI as wc?uri=, encoded, however the scheme was written", () => {
    for (const mobile_link of ["rainbow://", "rainbow:", "rainbow:/", "rainbow"]) {
      expect(walletLink({ name: "Rainbow", mobile_link }, "mobile", uri)?.href).toBe(
        `rainbow://wc?uri=${encodeURIComponent(uri)}`
      )
    }
  })

  it("a universal or web link gets a / before wc?uri=", () => {
    for (const webapp_link of ["https://app.example/w", "https://app.example/w/"]) {
      expect(walletLink({ name: "W", webapp_link }, "web", uri)?.href).toBe(
        `https://app.example/w/wc?uri=${encodeURIComponent(uri)}`
      )
    }
  })

  it("without a URI, the link opens the app only (for later requests)", () => {
    expect(walletLink({ name: "W", mobile_link: "wallet://" }, "mobile")).toEqual({ name: "W", href: "wallet://" })
  })

  it("refuses what is not a safe link, or a missing one", () => {
    for (const mobile_link of [
      "javascript:alert(1)",
      "JavaScript://x",
      "data:text/html,x",
      "http://evil.example",
      " "
    ]) {
      expect(walletLink({ name: "W", mobile_link }, "mobile", uri)).toBeUndefined()
    }
    expect(walletLink({ name: "W", mobile_link: null }, "mobile", uri)).toBeUndefined()
    expect(walletLink({ name: "W", mobile_link: "wallet://" }, "desktop", uri)).toBeUndefined()
  })

  it("offers the phone app on a phone, the desktop and web apps on a desktop, each distinct way once", () => {
    const wallet = {
      name: "W",
      mobile_link: "wallet://",
      desktop_link: "wallet-desktop://",
      webapp_link: "https://w.example"
    }
    expect(walletLinkKinds(wallet, { isMobile: true })).toEqual(["mobile", "web"])
    expect(walletLinkKinds(wallet, { isMobile: false })).toEqual(["desktop", "web"])
    expect(
      walletLinkKinds(
        { name: "W", mobile_link: "https://w.example", webapp_link: "https://w.example/" },
        { isMobile: true }
      )
    ).toEqual(["mobile"])
  })

  it("an app scheme opens in this tab, a web link in a new one", () => {
    expect(walletLinkTarget("wallet://wc?uri=x")).toBe("_self")
    expect(walletLinkTarget("https://w.example/wc?uri=x")).toBe("_blank")
  })
})
