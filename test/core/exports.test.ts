import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

// The public surface: an accidental export (or a lost one) shows up here in review.
describe("package exports", () => {
  it("only the documented entry points are importable", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      exports: Record<string, string>
    }
    expect(Object.keys(pkg.exports)).toEqual([
      ".",
      "./effect",
      "./react",
      "./react/styles.css",
      "./testing",
      "./networks",
      "./focus",
      "./evm",
      "./walletconnect",
      "./solana",
      "./embedded",
      "./server",
      "./server/app",
      "./siwx",
      "./onramp",
      "./smart-sessions",
      "./appkit",
      "./appkit/react",
      "./wagmi",
      ...["en", "ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "tr", "zh-CN", "zh-TW"].map(
        (tag) => `./locales/${tag}`
      ),
      "./package.json"
    ])
  })

  it("airlock-kit/locales/<tag> gives each bundled locale's whole catalogue, to pass as the locale option", async () => {
    const { bundledLocales } = await import("airlock-kit")
    const { en } = await import("airlock-kit/locales/en")
    for (const tag of bundledLocales) {
      const module = (await import(/* @vite-ignore */ `airlock-kit/locales/${tag}`)) as Record<string, unknown>
      const catalogues = Object.values(module) as Array<{ locale: string; dir: string; messages: object }>
      expect(catalogues.map((catalogue) => catalogue.locale)).toEqual([tag])
      expect(Object.keys(catalogues[0]?.messages ?? {}).sort(), tag).toEqual(Object.keys(en.messages).sort())
    }
  })

  it("airlock exports the client, errors, state types' runtime helpers and anatomy", async () => {
    const core = await import("airlock-kit")
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "AccountDataError",
        "AdapterLoadError",
        "AirlockError",
        "AlertError",
        "ChainError",
        "ConnectionError",
        "DecimalError",
        "DestroyedError",
        "EmailError",
        "FrameError",
        "HEADER_TEXT_TRANSITION_MS",
        "MODAL_HEIGHT_TRANSITION_MS",
        "MODAL_WIDTH_PX",
        "MODAL_Z_INDEX",
        "NameError",
        "OptionsError",
        "ReasonError",
        "RpcError",
        "SHAKE_MS",
        "SNACK_REPLACE_MS",
        "SNACK_SHOWN_MS",
        "SendError",
        "SiwxError",
        "VIEWS",
        "VIEW_TRANSITION_MS",
        "WALLET_GRID_COLUMNS",
        "accountTabs",
        "activityGroupOf",
        "activityRow",
        "alertCodeFromServerMessage",
        "alertCodes",
        "alerts",
        "approveSwap",
        "bundledLocaleOf",
        "bundledLocales",
        "canGoBack",
        "cancelSignIn",
        "checkSendForm",
        "confirmEmailCapture",
        "connectDialog",
        "connectSectionLabels",
        "connectedResourceKey",
        "createAirlock",
        "defaultThemeVariables",
        "describeError",
        "dialogTitle",
        "docsBaseUrl",
        "editSwap",
        "executeSwap",
        "filterSwapTokens",
        "filterTokens",
        "flipSwap",
        "formatBalance",
        "formatQuantity",
        "formatUsd",
        "fromBaseUnits",
        "getModalIds",
        "getSiwxSessions",
        "getTabForKey",
        "getTabHandlers",
        "getTabListProps",
        "getTabPanelProps",
        "getTabProps",
        "getViewParams",
        "getWalletButtonProps",
        "getWalletGridCellProps",
        "getWalletGridProps",
        "getWalletGridRowProps",
        "getWalletItemProps",
        "getWalletListProps",
        "groupActivity",
        "isAccountName",
        "isCaipAddress",
        "isCaipNetworkId",
        "isEmail",
        "isEvmAddress",
        "isOtp",
        "isReceiverAddress",
        "isReceiverName",
        "isSafeConnectorIcon",
        "isSafeImageUrl",
        "isSafeLinkUrl",
        "isShownTransaction",
        "isSocialProvider",
        "isSolanaAddress",
        "isTransactionHash",
        "isViewEnabled",
        "localeDir",
        "localizeDecimal",
        "messageText",
        "moveInGrid",
        "parseDecimal",
        "preferredLocale",
        "previewSwap",
        "registerAccountName",
        "replaceEqualDeep",
        "requestEmailCapture",
        "requestSignIn",
        "resendEmailCapture",
        "resetNameRegistration",
        "resetSwap",
        "resourceKey",
        "resourceLifetimes",
        "selectActivity",
        "selectAllWallets",
        "selectBalance",
        "selectConnectView",
        "selectConnections",
        "selectConnectorStatus",
        "selectNameRegistration",
        "selectNfts",
        "selectSend",
        "selectSwap",
        "selectTokens",
        "selectWalletConnectOffer",
        "selectWalletConnectWallet",
        "selectWalletList",
        "sendTokenKey",
        "sendValueInUsd",
        "setAccountName",
        "setSwapAmount",
        "setSwapTokens",
        "shortenEmail",
        "signOut",
        "skipEmailCapture",
        "socialProviders",
        "spreadProps",
        "startNameRegistration",
        "startSwap",
        "swapMax",
        "templateParts",
        "toBaseUnits",
        "transferSign",
        "translate",
        "truncateAddress",
        "walletButton",
        "walletLink",
        "walletLinkKinds",
        "walletLinkTarget",
        "watchActivity",
        "watchBalance",
        "watchNfts",
        "watchTokens",
      ]
    `)
  })

  it("a custom renderer gets SPEC's formatting and validation from airlock", async () => {
    const core = await import("airlock-kit")
    expect(core.formatBalance("1.23999", "ETH")).toBe("1.239 ETH")
    expect(core.truncateAddress("0x52908400098527886E0F7030069857D2E4169EE7")).toBe("0x52...169EE7")
    expect(core.shortenEmail("ada.lovelace.analytical.engine@example.com")).toHaveLength(30)
    expect(core.isEvmAddress("0x52908400098527886E0F7030069857D2E4169EE7")).toBe(true)
    expect(core.isSolanaAddress("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T")).toBe(true)
    expect(core.isCaipAddress("eip155:1:0x52908400098527886E0F7030069857D2E4169EE7")).toBe(true)
    expect(core.isCaipNetworkId("eip155:1")).toBe(true)
    expect(core.isAccountName("ada-1")).toBe(true)
    expect(core.isEmail("ada@example.com")).toBe(true)
    expect(core.isOtp("123456")).toBe(true)
    expect(core.isTransactionHash(`0x${"ab".repeat(32)}`)).toBe(true)
    expect(core.isSafeLinkUrl("javascript:alert(1)")).toBe(false)
  })

  it("airlock/effect gives Effect users the service tags with their memory layers", async () => {
    const core = await import("airlock-kit/effect")
    for (const tag of [core.Storage, core.WalletApi, core.BlockchainApi, core.Analytics, core.Platform]) {
      expect(typeof tag.key).toBe("string")
    }
    expect(typeof core.Storage.layerMemory).toBe("function")
    expect(typeof core.WalletApi.layerMemory).toBe("function")
    expect(typeof core.BlockchainApi.layerMemory).toBe("function")
    expect(typeof core.Analytics.layerMemory).toBe("function")
    expect(typeof core.ClientConfig.layer).toBe("function")
  })

  it("airlock-kit/smart-sessions exports the smart sessions' actions and selectors, none on airlock-kit's first load", async () => {
    const sessions = await import("airlock-kit/smart-sessions")
    expect(Object.keys(sessions).sort()).toEqual([
      "loadSmartSessions",
      "revokeSmartSession",
      "selectSmartSessions",
      "smartSessionsAddress"
    ])
    const core = (await import("airlock-kit")) as Record<string, unknown>
    expect(Object.keys(sessions).filter((name) => name in core)).toEqual([])
  })

  it("airlock-kit/onramp exports the onramp's actions and selector, none of them on airlock-kit's first load", async () => {
    const onramp = await import("airlock-kit/onramp")
    expect(Object.keys(onramp).sort()).toEqual([
      "ONRAMP_ORDER_POLL_MS",
      "ONRAMP_ORDER_TIMEOUT_MS",
      "buyWithProvider",
      "continueOnramp",
      "resetOnramp",
      "retryOnramp",
      "selectOnramp",
      "setOnrampForm",
      "startOnramp"
    ])
    const core = (await import("airlock-kit")) as Record<string, unknown>
    expect(Object.keys(onramp).filter((name) => name in core)).toEqual([])
  })

  it("airlock-kit/appkit and airlock-kit/appkit/react export AppKit's names, none of them on airlock-kit's or airlock-kit/react's", async () => {
    const appKit = await import("airlock-kit/appkit")
    expect(Object.keys(appKit).sort()).toEqual([
      "EthersAdapter",
      "SolanaAdapter",
      "createAppKit",
      "selectAppKitAccount",
      "selectAppKitNetwork",
      "selectAppKitState",
      "selectAppKitTheme",
      "selectAppKitWalletInfo",
      "toAirlockOptions",
      "toAppKit"
    ])
    const react = await import("airlock-kit/appkit/react")
    expect(Object.keys(react).sort()).toEqual([
      "AppKitButton",
      "EthersAdapter",
      "SolanaAdapter",
      "createAppKit",
      "getAppKit",
      "useAppKit",
      "useAppKitAccount",
      "useAppKitBalance",
      "useAppKitConnection",
      "useAppKitConnections",
      "useAppKitEvents",
      "useAppKitNetwork",
      "useAppKitProvider",
      "useAppKitState",
      "useAppKitTheme",
      "useDisconnect",
      "useWalletInfo"
    ])
    const core = (await import("airlock-kit")) as Record<string, unknown>
    const airlockReact = (await import("airlock-kit/react")) as Record<string, unknown>
    expect(Object.keys(appKit).filter((name) => name in core || name in airlockReact)).toEqual([])
    expect(Object.keys(react).filter((name) => name in core || name in airlockReact)).toEqual([])
  })

  it("airlock-kit/wagmi exports the wagmi connector alone, and loads nothing of wagmi", async () => {
    const wagmi = await import("airlock-kit/wagmi")
    expect(Object.keys(wagmi)).toEqual(["airlock"])
    const source = readFileSync(new URL("../../adapters/wagmi/connector.ts", import.meta.url), "utf8")
    expect(source.match(/^import (?!type ).*$/gm) ?? []).toEqual([])
  })

  it("airlock/testing exports the test client and the memory layers", async () => {
    const testing = await import("airlock-kit/testing")
    expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
      [
        "ActiveNetwork",
        "Analytics",
        "BlockchainApi",
        "Platform",
        "StateStore",
        "Storage",
        "StorageKeys",
        "WalletApi",
        "createTestAirlock",
        "fakeAccount",
        "fakeAdapter",
      ]
    `)
  })
})
