import { expect, test } from "vitest"
import * as react from "../../../renderers/react/index.ts"

test("airlock/react exports exactly the public names (a new export shows up here in review)", () => {
  expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
    [
      "AccountButton",
      "AirlockProvider",
      "ConnectButton",
      "NetworkButton",
      "WalletButton",
      "preloadModal",
      "useAirlock",
      "useAirlockAccount",
      "useAirlockActivity",
      "useAirlockBalance",
      "useAirlockConnections",
      "useAirlockEvents",
      "useAirlockNetwork",
      "useAirlockNfts",
      "useAirlockSelector",
      "useAirlockSiwx",
      "useAirlockState",
      "useAirlockTokens",
      "useAirlockTranslation",
      "useAirlockWalletButton",
      "useAirlockWallets",
    ]
  `)
})
