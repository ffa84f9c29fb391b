/**
 * The sandbox API's route table, one entry per endpoint group; a new group (names, onramp, convert) is a new file
 * added here.
 */
import type { ApiRoute } from "../app.ts"
import { accountRoutes } from "./account.ts"
import { analyticsRoutes } from "./analytics.ts"
import { authRoutes } from "./auth.ts"
import { authEmailRoutes } from "./authEmail.ts"
import { chainRoutes } from "./chains.ts"
import { controlRoutes } from "./control.ts"
import { convertRoutes } from "./convert.ts"
import { nameRoutes } from "./names.ts"
import { onrampRoutes } from "./onramp.ts"
import { priceRoutes } from "./prices.ts"
import { rpcRoutes } from "./rpc.ts"
import { sessionRoutes } from "./sessions.ts"
import { walletApiRoutes } from "./walletApi.ts"

/** Every route the sandbox API serves. */
export const apiRoutes: ReadonlyArray<ApiRoute> = [
  ...walletApiRoutes,
  ...chainRoutes,
  ...accountRoutes,
  ...priceRoutes,
  ...nameRoutes,
  ...convertRoutes,
  ...onrampRoutes,
  ...sessionRoutes,
  ...analyticsRoutes,
  ...rpcRoutes,
  ...controlRoutes,
  ...authRoutes,
  ...authEmailRoutes
]
