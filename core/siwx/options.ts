/** The options of `airlock-kit/siwx`'s configurations. */

/** Options of `localSiwx` and `serverSiwx`'s messages. */
export interface SiwxMessageOptions {
  /** The statement the wallet shows above the fields. */
  readonly statement?: string | undefined
  /** How long a sign-in lasts (ms); the message's Expiration Time. @default no expiry */
  readonly expiresIn?: number | undefined
  /** Resources the sign-in grants (URIs). */
  readonly resources?: ReadonlyArray<string> | undefined
  /** Whether signing in is required: cancel disconnects and the sign view cannot be closed. @default true */
  readonly required?: boolean | undefined
  /** Sign out when the wallet disconnects. @default true */
  readonly signOutOnDisconnect?: boolean | undefined
}

/** Options of `localSiwx`. */
export interface LocalSiwxOptions extends SiwxMessageOptions {
  /** The storage key of the sessions in `localStorage`. @default "@airlock/siwx" */
  readonly storageKey?: string | undefined
}

/** Options of `serverSiwx`. */
export interface ServerSiwxOptions extends SiwxMessageOptions {
  /** The auth server's base URL: the sandbox API (`http://127.0.0.1:4400`) or your own with the same routes. */
  readonly url: string
  /** Sent as `?projectId=` (the sandbox's routes need it). */
  readonly projectId?: string | undefined
  /** Each call's timeout (ms). @default 10000 */
  readonly timeout?: number | undefined
}
