import { describe, expect, it, vi } from "vitest"
import { AlertError } from "../../../core/errors/alerts.ts"
import { ConnectionError, EmailError, SendError } from "../../../core/errors/catalogue.ts"
import { errorTexts } from "../../../core/errors/texts.ts"
import { type Messages, messageText, translate } from "../../../core/i18n/catalogue.ts"
import { describeError } from "../../../core/i18n/describeError.ts"
import { areas, en } from "../../../core/i18n/en/index.ts"
import { placeholdersOf, templateParts } from "../../../core/i18n/format.ts"
import { loadLocale } from "../../../core/i18n/loadLocale.ts"
import { en as english } from "../../../core/i18n/locales/en.ts"
import { bundledLocaleOf, bundledLocales, localeDir, preferredLocale } from "../../../core/i18n/locales.ts"
import { mainnet } from "../../../core/networks/index.ts"
import { VIEWS } from "../../../core/router/views.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"

const ids = Object.keys(en).sort()

describe("every bundled locale", () => {
  for (const locale of bundledLocales) {
    it(`${locale}: has a text for every English id and no other, each with exactly the English placeholders`, async () => {
      const catalogue = locale === "en" ? english : await loadLocale(locale)
      expect(Object.keys(catalogue.messages).sort()).toEqual(ids)
      const wrong = ids.flatMap((id) => {
        const text = catalogue.messages[id as keyof Messages]
        const expected = [...placeholdersOf(en[id as keyof typeof en])].sort()
        const found = [...placeholdersOf(text)].sort()
        if (text.trim() === "") return [`${id}: empty`]
        return JSON.stringify(found) === JSON.stringify(expected)
          ? []
          : [`${id}: {${found}} where English has {${expected}}`]
      })
      expect(wrong).toEqual([])
      expect(catalogue.locale).toBe(locale)
      expect(catalogue.dir).toBe(localeDir(locale))
    })
  }
})

describe("the English catalogue", () => {
  it("holds SPEC §8's texts exactly, under the errors' own ids", () => {
    expect(en["ConnectionError.ConnectionRejected"]).toBe("Connection rejected")
    expect(en["EmailError.Cooldown"]).toBe("Please try again after {seconds} seconds")
    expect(en["alert.APKT002.title"]).toBe("Invalid App Configuration")
    const errorIds = Object.entries(errorTexts).flatMap(([tag, table]) => Object.keys(table).map((r) => `${tag}.${r}`))
    expect(errorIds.filter((id) => !(id in en))).toEqual([])
  })
})

describe("the catalogue's ids", () => {
  it("every view has a header title, `title.<View>`, and no title names a view that does not exist", () => {
    const titles = Object.keys(areas.title)
    expect(VIEWS.filter((view) => !titles.includes(`title.${view}`))).toEqual([])
    expect(titles.filter((id) => !(VIEWS as ReadonlyArray<string>).includes(id.slice("title.".length)))).toEqual([])
  })

  it("each area's ids start with the area's name (then one lowerCamel name), and no two areas share an id", () => {
    const written = Object.entries(areas).flatMap(([area, messages]) =>
      area === "errors" || area === "alert" || area === "title"
        ? []
        : Object.keys(messages).filter((id) => !new RegExp(`^${area}\\.[a-z][A-Za-z0-9]*$`).test(id))
    )
    expect(written).toEqual([])
    const total = Object.values(areas).reduce((n, messages) => n + Object.keys(messages).length, 0)
    expect(total).toBe(ids.length)
  })

  it("holds SPEC §8's UI text of a disallowed RPC method", () => {
    expect(en["approve.actionNotAllowed"]).toBe("Action not allowed")
  })
})

describe("translate", () => {
  it("fills placeholders, and an id a catalogue lacks reads as the id", () => {
    expect(translate(en, "EmailError.Cooldown", { seconds: 18 })).toBe("Please try again after 18 seconds")
    const partial = { "button.connect": "Verbinden" } as unknown as Messages
    expect(translate(partial, "button.network")).toBe("button.network")
    expect(messageText(en, { id: "AdapterLoadError.LoadFailed", params: { namespace: "solana" } })).toBe(
      "Failed to load the solana adapter"
    )
  })
})

describe("templateParts", () => {
  it("cuts a text at its placeholders, in the text's own order, so markup can fill one", () => {
    expect(templateParts("Logged in as {login}")).toEqual(["Logged in as ", { placeholder: "login" }])
    expect(templateParts("{action} on {network}")).toEqual([
      { placeholder: "action" },
      " on ",
      { placeholder: "network" }
    ])
    expect(templateParts("No placeholder")).toEqual(["No placeholder"])
  })
})

describe("describeError: the one way from an error to its text", () => {
  it("an Airlock error names its own text with its params; an alert its title; anything else the fallback", () => {
    expect(
      describeError(new ConnectionError({ reason: "ConnectionRejected" }), "ConnectionError.FailedToConnect")
    ).toEqual({
      id: "ConnectionError.ConnectionRejected",
      params: undefined
    })
    expect(
      describeError(new EmailError({ reason: "Cooldown", params: { seconds: 9 } }), "ConnectionError.FailedToConnect")
    ).toEqual({ id: "EmailError.Cooldown", params: { seconds: 9 } })
    expect(describeError(new AlertError({ code: "APKT004" }), "ConnectionError.FailedToConnect")).toEqual({
      id: "alert.APKT004.title"
    })
    expect(describeError(new Error("boom"), "SendError.Rejected")).toEqual({ id: "SendError.Rejected" })
    expect(describeError({ _tag: "SendError", reason: "NotAReason" }, "SendError.Rejected")).toEqual({
      id: "SendError.Rejected"
    })
    expect(describeError(undefined, "SendError.Rejected")).toEqual({ id: "SendError.Rejected" })
    const failed = describeError(
      new SendError({ reason: "Failed", params: { message: "nonce too low" } }),
      "SendError.Rejected"
    )
    expect(messageText(en, failed)).toBe("nonce too low")
  })
})

describe("choosing a locale", () => {
  it("a visitor's first language Airlock bundles wins; regions and scripts map to the bundled one", () => {
    expect(preferredLocale(["sw-KE", "en-GB"])).toBe("en")
    expect(preferredLocale([])).toBe("en")
    expect(bundledLocaleOf("EN-us")).toBe("en")
    expect(bundledLocaleOf("xx")).toBeUndefined()
    expect(localeDir("ar-EG")).toBe("rtl")
    expect(localeDir("de")).toBe("ltr")
  })

  it("regions and scripts find their bundled locale", () => {
    expect(bundledLocaleOf("de-AT")).toBe("de")
    expect(bundledLocaleOf("pt")).toBe("pt-BR")
    expect(bundledLocaleOf("pt-PT")).toBe("pt-BR")
    expect(bundledLocaleOf("zh")).toBe("zh-CN")
    expect(bundledLocaleOf("zh-Hans-SG")).toBe("zh-CN")
    expect(bundledLocaleOf("zh-HK")).toBe("zh-TW")
    expect(bundledLocaleOf("zh-Hant")).toBe("zh-TW")
    expect(preferredLocale(["sw-KE", "fr-CA", "en"])).toBe("fr")
  })

  it("setLocale loads a bundled locale's chunk and puts its texts and direction in the state; the last call wins", async () => {
    const airlock = createTestAirlock({ networks: [mainnet] })
    await airlock.setLocale("de-DE")
    expect(airlock.getState().i18n).toMatchObject({ locale: "de", dir: "ltr" })
    expect(translate(airlock.getState().i18n.messages, "button.connect")).toBe("Wallet verbinden")
    const arabic = airlock.setLocale("ar")
    const japanese = airlock.setLocale("ja")
    await Promise.all([arabic, japanese])
    expect(airlock.getState().i18n).toMatchObject({ locale: "ja", dir: "ltr" })
    await airlock.setLocale("ar-EG")
    expect(airlock.getState().i18n.dir).toBe("rtl")
  })

  it("the visitor's language is the default: a German browser gets German once its chunk arrived", async () => {
    const airlock = createTestAirlock({
      networks: [mainnet],
      platform: {
        navigator: { languages: ["de-CH", "en"], language: "de-CH", userAgent: "test" } as unknown as Navigator
      }
    })
    await vi.waitFor(() => expect(airlock.getState().i18n.locale).toBe("de"))
  })

  it("setLocale with a tag Airlock does not bundle keeps English and warns", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const airlock = createTestAirlock({ networks: [mainnet] })
    await airlock.setLocale("xx-YY")
    expect(airlock.getState().i18n).toMatchObject({ locale: "en", dir: "ltr" })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no bundled locale for "xx-YY"'))
    warn.mockRestore()
  })

  it("a catalogue passed as the option is in place in the first snapshot (and the server's)", () => {
    const pirate = {
      locale: "en-PR",
      dir: "ltr" as const,
      messages: { ...en, "button.connect": "Hoist the wallet" }
    }
    const airlock = createTestAirlock({ networks: [mainnet], locale: pirate })
    expect(translate(airlock.getState().i18n.messages, "button.connect")).toBe("Hoist the wallet")
    expect(translate(airlock.getServerSnapshot().i18n.messages, "button.connect")).toBe("Hoist the wallet")
    expect(airlock.getState().i18n.locale).toBe("en-PR")
  })
})
