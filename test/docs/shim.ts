/**
 * `airlock-kit` as the docs' runnable examples import it: the real barrel, with `createAirlock` recording each client so
 * the test can check and destroy what an example left running.
 */
import { type AirlockClient, createAirlock as create } from "../../core/index.ts"
import { alertTitle } from "../fixtures/englishText.ts"

export * from "../../core/index.ts"

/** Every client the examples made, in order, with every alert it showed while it lived. */
export const clients: Array<{ readonly client: AirlockClient; readonly alerts: Array<string> }> = []

/** The real `createAirlock`, recording the client and its alerts. */
export const createAirlock: typeof create = (options) => {
  const client = create(options)
  const alerts: Array<string> = []
  client.watch(
    (state) => state.alert,
    (alert) => {
      if (alert) alerts.push(`${alert.code}: ${alertTitle(alert)}`)
    }
  )
  clients.push({ client, alerts })
  return client
}
