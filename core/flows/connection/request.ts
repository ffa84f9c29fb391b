import * as Effect from "effect/Effect"
import { ConnectionError, RpcError } from "../../errors/catalogue.ts"
import { checkRpcParams } from "../../rules/checkRpcParams.ts"
import { classifyRpcMethod } from "../../rules/rpcMethods.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { StateStore } from "../../state/StateStore.ts"
import { withApproval } from "../approval/approve.ts"
import { refuseNotAllowed } from "../approval/notAllowed.ts"
import { implementationOf } from "./adapter.ts"
import { bringWalletForward } from "./forward.ts"

/**
 * Sends a request to the active connector of `namespace`, after SPEC §5's method rules: a method outside the
 * allowlist is refused with an `RpcError` before it reaches the wallet. A wallet that has core ask the user
 * (`approveInModal`: the embedded wallet) has its unsafe request wait in ApproveTransaction first (`approved: true`
 * skips that: the modal's own Send confirmed it already), and its disallowed one shows 'Action not allowed'.
 */
export const request = Effect.fn("request")(function* (
  args: { readonly method: string; readonly params?: unknown },
  namespace: ChainNamespace,
  options: { readonly approved?: boolean | undefined } = {}
) {
  const store = yield* StateStore
  const connectorId = store.getSnapshot().activeConnectorIds[namespace]
  const implementation = connectorId === undefined ? undefined : yield* implementationOf(connectorId, namespace)
  const inModal = implementation?.approveInModal === true
  const handling = classifyRpcMethod(args.method)
  if (handling === "notAllowed") {
    if (inModal) return yield* refuseNotAllowed(args.method)
    return yield* new RpcError({ reason: "MethodNotAllowed", params: { method: args.method } })
  }
  if (connectorId === undefined || implementation === undefined) {
    return yield* new ConnectionError({ reason: "FailedToConnect", details: `No ${namespace} connection` })
  }
  const problem = checkRpcParams(args.method, args.params)
  if (problem !== undefined) {
    return yield* new RpcError({ reason: "InvalidParams", params: { method: args.method }, details: problem })
  }
  const send = implementation.request
  if (send === undefined) return yield* new ConnectionError({ reason: "AdapterNotFound", params: { namespace } })
  yield* bringWalletForward(args.method, connectorId)
  const network = store.getSnapshot().activeNetworks[namespace]
  const sendIt = Effect.tryPromise({
    try: () =>
      send({
        connectorId,
        method: args.method,
        ...(args.params === undefined ? {} : { params: args.params }),
        ...(network === undefined ? {} : { network })
      }),
    catch: (error) => error
  })
  return yield* inModal && handling === "unsafe" && options.approved !== true ? withApproval(args, sendIt) : sendIt
})
