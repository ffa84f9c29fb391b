/**
 * Pure product rules: connect order, features, allowed origins, RPC method classes, restricted regions.
 * @module
 */
export * from "./connectOrder.ts"
export * from "./features.ts"
export * from "./origins.ts"
export * from "./region.ts"
export * from "./resolveFeatures.ts"
export * from "./rpcMethods.ts"
