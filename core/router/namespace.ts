/**
 * The chain namespace type the router names (SPEC §3), from the schema module so there is one definition.
 * @module
 */
export type { ChainNamespace } from "../schema/namespace.ts"
