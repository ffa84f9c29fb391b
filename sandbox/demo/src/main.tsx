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
} catch (error) {
  root.render(<p role="alert">The demo could not start: {error instanceof Error ? error.message : String(error)}</p>)
}
