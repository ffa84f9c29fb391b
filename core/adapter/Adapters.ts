import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { AdapterImplementation } from "./AdapterImplementation.ts"
import type { AdapterLoadError } from "./AdapterLoadError.ts"

/**
 * The client's adapters as its flows reach them: each namespace's implementation (loaded once, on first need), and
 * the event listeners of the live connections, so a disconnect or `destroy()` can stop them. The live providers stay
 * inside each implementation, keyed by connector id; the state never holds them.
 */
export interface AdaptersShape {
  /** The implementation serving `namespace`; `undefined` when no adapter with code serves it. */
  readonly load: (namespace: ChainNamespace) => Effect.Effect<AdapterImplementation | undefined, AdapterLoadError>
  /** The implementation of the adapter that discovered `connectorId` (else the namespace's). */
  readonly loadFor: (
    connectorId: string,
    namespace: ChainNamespace
  ) => Effect.Effect<AdapterImplementation | undefined, AdapterLoadError>
  /** Stop functions of the connections' event listeners, by connector id. */
  readonly listeners: Map<string, () => void>
  /** Requests waiting in ApproveTransaction, by id: call with the user's answer (true: approved). */
  readonly approvals: Map<string, (approved: boolean) => void>
  /**
   * The connectors asked to make a pairing in advance (`preparePairing`), with their namespace: closing the modal,
   * another wallet's connection or `destroy()` gives each up (`cancelConnect`).
   */
  readonly prepared: Map<string, ChainNamespace>
}

/**
 * What loads the adapters' code (the client's registry, `makeAdapterRegistry`): promises, as the client's facade
 * calls it too.
 */
export interface AdapterLoader {
  load(namespace: ChainNamespace): Promise<AdapterImplementation | undefined>
  loadFor(connectorId: string, namespace: ChainNamespace): Promise<AdapterImplementation | undefined>
}

/**
 * The adapter registry of one client, as a service.
 *
 * @example
 * ```ts
 * const implementation = yield* Adapters.use((adapters) => adapters.load("eip155"))
 * ```
 */
export class Adapters extends Context.Service<Adapters, AdaptersShape>()("airlock/Adapters") {}
