import { Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { ClientConfig, type ClientConfigShape } from "../../../core/services/ClientConfig.ts"

/** Base URLs the msw handlers answer in the services tests. */
export const walletApiUrl = "https://wallet-api.test"
export const blockchainApiUrl = "https://blockchain-api.test"

/** The client identity every request must carry. */
export const testConfig: ClientConfigShape = {
  projectId: "project-1",
  sdkType: "airlock",
  sdkVersion: "airlock-4.0.0",
  endpoints: { walletApi: walletApiUrl, blockchainApi: blockchainApiUrl, analytics: "https://pulse.test" }
}

/** A real fetch-based HttpClient plus the test ClientConfig: msw answers the requests. */
export const httpLayer = Layer.mergeAll(FetchHttpClient.layer, ClientConfig.layer(testConfig))

/** The query parameters of a request, as a plain object. */
export const queryOf = (request: Request): Record<string, string> =>
  Object.fromEntries(new URL(request.url).searchParams.entries())
