import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { RpcError } from "../../errors/catalogue.ts"
import { show } from "./approve.ts"

/**
 * Refuses a method in neither of SPEC §5's lists: every request still waiting is rejected, and the modal shows
 * 'Action not allowed' with the method.
 */
export const refuseNotAllowed = (method: string) =>
  Effect.gen(function* () {
    const adapters = yield* Adapters
    for (const answer of [...adapters.approvals.values()]) answer(false)
    yield* show({ method: method.slice(0, 100), notAllowed: true })
    return yield* new RpcError({ reason: "MethodNotAllowed", params: { method } })
  })
