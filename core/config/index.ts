export { checkOrigin } from "./checkOrigin.ts"
export { fetchRemoteConfig, type RemoteConfig, type RemoteConfigOptions } from "./remoteConfig.ts"
