import type { ChainNamespace } from "../../schema/namespace.ts"

/**
 * The EIP-1193 provider of an embedded-wallet connection, one per client and namespace: `request` is the client's
 * (method allowlist, ApproveTransaction for unsafe methods); events come through the client's state, so `on`
 * listens to nothing.
 */
const authProviders = new WeakMap<object, Map<ChainNamespace, unknown>>()

export const authProvider = (
  client: {
    request(
      args: { readonly method: string; readonly params?: unknown },
      options: { readonly namespace: ChainNamespace }
    ): Promise<unknown>
  },
  namespace: ChainNamespace
): unknown => {
  const providers = authProviders.get(client) ?? new Map<ChainNamespace, unknown>()
  authProviders.set(client, providers)
  let provider = providers.get(namespace)
  if (provider === undefined) {
    provider = {
      request: (args: { readonly method: string; readonly params?: unknown }) =>
        client.request({ method: args.method, params: args.params }, { namespace }),
      on: () => undefined,
      removeListener: () => undefined
    }
    providers.set(namespace, provider)
  }
  return provider
}
