/**
 * `airlock/testing`: the in-memory layers and a client factory, so apps test their own Airlock integration without
 * a network or a browser.
 * @module
 */
export { Platform } from "../services/Platform.ts"
export { Storage } from "../services/Storage.ts"
export { createTestAirlock, type TestAirlockOptions } from "./createTestAirlock.ts"
