/**
 * Entry of the demo page: reads `/config.json` from the demo server, creates the client and renders the app.
 */
import { AirlockProvider } from "airlock-kit/react"
import "airlock-kit/react/styles.css"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App.tsx"
import { createDemoAirlock } from "./airlock.ts"
import { CustomConnect } from "./CustomConnect.tsx"
import { configPath, parseDemoConfig } from "./config.ts"
import "./demo.css"

const root = createRoot(document.getElementById("root")!)

try {
  const response = await fetch(configPath)
  if (!response.ok) throw new Error(`${configPath} answered ${response.status}`)
  const config = parseDemoConfig(await response.json())
  // `/appkit`: an app written against AppKit's API, on `airlock-kit/appkit/react` (test/e2e/appkitCompat.test.ts).
  if (window.location.pathname === "/appkit") {
    const { AppKitSample, startAppKitSample } = await import("./appkit/AppKitSample.tsx")
    const { networks } = startAppKitSample(config)
    root.render(
      <StrictMode>
        <AppKitSample networks={networks} />
      </StrictMode>
    )
  } else if (window.location.pathname === "/wagmi2" || window.location.pathname === "/wagmi3") {
    // `/wagmi2`, `/wagmi3`: a wagmi 2 and a wagmi 3 app with `airlock-kit/wagmi` as their connector
    // (test/e2e/wagmi.test.ts); Airlock's provider draws the modal wagmi's connect opens.
    const airlock = createDemoAirlock(config)
    ;(window as unknown as { airlock: typeof airlock }).airlock = airlock
    const WagmiSample =
      window.location.pathname === "/wagmi2"
        ? (await import("./wagmi/Wagmi2Sample.tsx")).startWagmi2Sample(config, airlock)
        : (await import("./wagmi/Wagmi3Sample.tsx")).startWagmi3Sample(config, airlock)
    root.render(
      <StrictMode>
        <WagmiSample />
      </StrictMode>
    )
  } else if (window.location.pathname === "/wallet-adapter" && config.solana !== undefined) {
    // `/wallet-adapter`: a `@solana/wallet-adapter-react` app finding Airlock as a Wallet Standard wallet
    // (test/e2e/walletAdapter.test.ts); Airlock's provider only draws the modal its connect opens.
    const [{ WalletAdapterSample }, { registerAirlockWallet }] = await Promise.all([
      import("./walletAdapter/WalletAdapterSample.tsx"),
      import("airlock-kit/solana")
    ])
    const airlock = createDemoAirlock(config)
    ;(window as unknown as { airlock: typeof airlock }).airlock = airlock
    registerAirlockWallet(airlock)
    root.render(
      <StrictMode>
        <AirlockProvider client={airlock}>
          <WalletAdapterSample endpoint={config.solana.rpcUrl} />
        </AirlockProvider>
      </StrictMode>
    )
  } else {
    const airlock = createDemoAirlock(config)
    // For the browser console (and the benchmarks): `await airlock.request({ method: "eth_chainId" })`.
    ;(window as unknown as { airlock: typeof airlock }).airlock = airlock
    root.render(
      <StrictMode>
        <AirlockProvider client={airlock}>
          {/* `/custom-connect`: a connect UI of the app's own on the headless wallet list (no modal). */}
          {window.location.pathname === "/custom-connect" ? (
            <CustomConnect />
          ) : (
            <App api={config.api} projectId={config.projectId} />
          )}
        </AirlockProvider>
      </StrictMode>
    )
  }
} catch (error) {
  root.render(<p role="alert">The demo could not start: {error instanceof Error ? error.message : String(error)}</p>)
}
