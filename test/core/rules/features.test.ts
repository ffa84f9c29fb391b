import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { expect, expectTypeOf } from "vitest"
import { DEFAULT_FEATURES, DEFAULT_SOCIALS, REMOTE_FEATURE_KEYS } from "../../../core/rules/features.ts"
import { type RemoteFeatureEntry, resolveFeatures } from "../../../core/rules/resolveFeatures.ts"
import type { SocialLogin } from "../../../core/schema/features.ts"
import { isSocialProvider, type SocialProvider, socialProviders } from "../../../core/schema/login.ts"

/** A remote configuration with every feature on. */
const allOn: ReadonlyArray<RemoteFeatureEntry> = [
  { id: "email", isEnabled: true, config: [] },
  { id: "socials", isEnabled: true, config: ["google", "x", "discord"] },
  { id: "swaps", isEnabled: true, config: ["1inch"] },
  { id: "onramp", isEnabled: true, config: ["meld"] },
  { id: "activity", isEnabled: true, config: [] },
  { id: "reownBranding", isEnabled: true, config: [] },
  { id: "multiWallet", isEnabled: true, config: [] },
  { id: "emailCapture", isEnabled: true, config: [] }
]

describe("default features", () => {
  it("receive, send, analytics and allWallets are on; legal checkbox, smart sessions, collapse wallets and pay are off", () => {
    const { features } = resolveFeatures({})
    assert.deepStrictEqual(
      [features.receive, features.send, features.analytics, features.allWallets],
      [true, true, true, true]
    )
    assert.deepStrictEqual(
      [features.legalCheckbox, features.smartSessions, features.collapseWallets, features.pay],
      [false, false, false, false]
    )
  })

  it("the wallet feature order is onramp, swaps, receive, send", () => {
    assert.deepStrictEqual(resolveFeatures({}).features.walletFeaturesOrder, ["onramp", "swaps", "receive", "send"])
  })

  it("the default socials are google, x, farcaster, discord, apple, github, facebook", () => {
    assert.deepStrictEqual(DEFAULT_SOCIALS, ["google", "x", "farcaster", "discord", "apple", "github", "facebook"])
    assert.deepStrictEqual(resolveFeatures({}).features.socials, DEFAULT_SOCIALS)
  })

  it("default remote features: swaps via 1inch, onramp via meld, email on, multiWallet off, emailCapture off", () => {
    const { features } = resolveFeatures({})
    assert.deepStrictEqual(features.swaps, ["1inch"])
    assert.deepStrictEqual(features.onramp, ["meld"])
    assert.deepStrictEqual([features.email, features.multiWallet, features.emailCapture], [true, false, false])
  })

  it("sign-out on disconnect is on by default", () => {
    assert.isTrue(resolveFeatures({}).features.signOutOnDisconnect)
    assert.isFalse(resolveFeatures({ local: { signOutOnDisconnect: false } }).features.signOutOnDisconnect)
  })

  it("with no remote configuration, local settings apply without a warning", () => {
    const { features, warning } = resolveFeatures({
      local: { swaps: false, socials: ["github"], onramp: true, legalCheckbox: true, email: false }
    })
    assert.deepStrictEqual(
      [features.swaps, features.socials, features.onramp, features.legalCheckbox, features.email],
      [false, ["github"], ["meld"], true, false]
    )
    assert.isUndefined(warning)
  })
})

describe("remote configuration", () => {
  it("remote configuration overrides local settings", () => {
    const { features } = resolveFeatures({
      local: { swaps: false, email: false, multiWallet: false },
      remote: allOn
    })
    assert.deepStrictEqual(features.swaps, ["1inch"])
    assert.deepStrictEqual(features.socials, ["google", "x", "discord"])
    assert.deepStrictEqual([features.email, features.multiWallet, features.emailCapture], [true, true, true])
  })

  it("ignored local settings produce a warning naming them", () => {
    const { warning } = resolveFeatures({ local: { swaps: false, email: false, legalCheckbox: true }, remote: allOn })
    assert.isDefined(warning)
    assert.include(warning, "features.swaps")
    assert.include(warning, "features.email")
    assert.notInclude(warning, "legalCheckbox")
  })

  it("no warning when the app gave no local setting for remote features", () => {
    assert.isUndefined(resolveFeatures({ local: { legalCheckbox: true }, remote: allOn }).warning)
  })

  it("a feature missing from the remote configuration is off", () => {
    const { features, warning } = resolveFeatures({
      local: { onramp: true },
      remote: [{ id: "swaps", isEnabled: true, config: ["1inch"] }]
    })
    assert.deepStrictEqual(
      [features.onramp, features.email, features.socials, features.activity],
      [false, false, false, false]
    )
    assert.include(warning, "features.onramp")
  })

  it("a disabled or empty remote entry turns the feature off", () => {
    const { features } = resolveFeatures({
      remote: [
        { id: "swaps", isEnabled: false, config: ["1inch"] },
        { id: "onramp", isEnabled: true, config: [] },
        { id: "socials", isEnabled: true, config: ["myspace"] }
      ]
    })
    assert.deepStrictEqual([features.swaps, features.onramp, features.socials], [false, false, false])
  })

  it("a remote entry with no config keeps the local setting, without a warning", () => {
    const { features, warning } = resolveFeatures({
      local: { swaps: false },
      remote: [{ id: "swaps", isEnabled: true, config: null }]
    })
    assert.strictEqual(features.swaps, false)
    assert.isUndefined(warning)
  })

  it("a disabled remote entry with no config turns the feature off and warns about the local setting", () => {
    const { features, warning } = resolveFeatures({
      local: { swaps: true },
      remote: [{ id: "swap", isEnabled: false, config: null }]
    })
    assert.strictEqual(features.swaps, false)
    assert.include(warning ?? "", "features.swaps")
  })

  it("AppKit-style entry ids are understood", () => {
    const { features } = resolveFeatures({
      remote: [
        { id: "social_login", isEnabled: true, config: ["email", "github"] },
        { id: "swap", isEnabled: true, config: ["1inch"] },
        { id: "multi_wallet", isEnabled: true }
      ]
    })
    assert.deepStrictEqual(
      [features.email, features.socials, features.swaps, features.multiWallet],
      [true, ["github"], ["1inch"], true]
    )
  })

  it("local features outside remote control are kept", () => {
    const { features } = resolveFeatures({ local: { send: false, collapseWallets: true }, remote: allOn })
    assert.deepStrictEqual([features.send, features.collapseWallets], [false, true])
  })
})

describe("basic mode, pay and Telegram", () => {
  it("basic mode turns every remote feature off", () => {
    const { features } = resolveFeatures({ remote: allOn, basic: true })
    for (const key of REMOTE_FEATURE_KEYS) assert.strictEqual(features[key], false, key)
  })

  it("basic mode turns remote features off whatever the inputs", () => {
    fc.assert(
      fc.property(
        fc.record({ email: fc.boolean(), swaps: fc.boolean(), multiWallet: fc.boolean() }, { requiredKeys: [] }),
        fc.boolean(),
        (local, withRemote) => {
          const { features } = resolveFeatures({ local, remote: withRemote ? allOn : undefined, basic: true })
          return REMOTE_FEATURE_KEYS.every((key) => features[key] === false)
        }
      )
    )
  })

  it("the pay feature disables email and social login", () => {
    const { features } = resolveFeatures({ local: { pay: true }, remote: allOn })
    assert.deepStrictEqual([features.pay, features.email, features.socials], [true, false, false])
  })

  it("Telegram on iOS hides google", () => {
    assert.deepStrictEqual(resolveFeatures({ telegram: "ios" }).features.socials, [
      "x",
      "farcaster",
      "discord",
      "apple",
      "github",
      "facebook"
    ])
  })

  it("Telegram on Mac hides x", () => {
    assert.notInclude(resolveFeatures({ telegram: "macos" }).features.socials || [], "x")
    assert.include(resolveFeatures({ telegram: "macos" }).features.socials || [], "google")
  })

  it("Telegram on Android hides facebook and x", () => {
    const socials = resolveFeatures({ telegram: "android" }).features.socials || []
    assert.deepStrictEqual(socials, ["google", "farcaster", "discord", "apple", "github"])
  })

  it("other Telegram platforms keep every social", () => {
    assert.deepStrictEqual(resolveFeatures({ telegram: "tdesktop" }).features.socials, DEFAULT_SOCIALS)
  })

  it("hiding every configured social turns socials off", () => {
    assert.strictEqual(resolveFeatures({ local: { socials: ["google"] }, telegram: "ios" }).features.socials, false)
  })

  it("the default value object matches what resolving nothing gives", () => {
    assert.deepStrictEqual(resolveFeatures({}).features, DEFAULT_FEATURES)
  })
})

describe("the two social lists, named apart", () => {
  it("the validator accepts the six OAuth providers; the default socials add Farcaster as the seventh", () => {
    expect([...socialProviders]).toEqual(["google", "github", "apple", "facebook", "x", "discord"])
    expect(DEFAULT_SOCIALS).toHaveLength(7)
    expect(DEFAULT_SOCIALS.filter((login) => !isSocialProvider(login))).toEqual(["farcaster"])
    expectTypeOf<SocialLogin>().toEqualTypeOf<SocialProvider | "farcaster">()
  })
})
