/**
 * What every sandbox server does with input it cannot trust before handling it: a request target that may not be a
 * URL, JSON nested deeper than any protocol needs, an id that must be echoed back. One bad client gets an error; the
 * process and the other clients never notice (docs/sandbox.md, "What the sandbox does not defend against").
 */

/**
 * The path of a request target, or `undefined` when it is not one (`GET http://[ HTTP/1.1` must not throw).
 * @example
 * ```ts
 * requestPath("/a?b=1") // "/a"
 * requestPath("http://[") // undefined
 * ```
 */
export const requestPath = (target: string | undefined): string | undefined => requestUrl(target)?.pathname

/**
 * The URL of a request target resolved on loopback, or `undefined` when it does not parse.
 * @example
 * ```ts
 * requestUrl("/?auth=x")?.searchParams.get("auth") // "x"
 * ```
 */
export const requestUrl = (target: string | undefined): URL | undefined => {
  try {
    return new URL(target ?? "/", "http://127.0.0.1")
  } catch {
    return undefined
  }
}

/** The deepest JSON nesting a sandbox protocol accepts (JSON-RPC envelopes need 4 or 5). */
export const MAX_JSON_DEPTH = 64

/**
 * Whether `text`'s brackets nest deeper than `limit` (strings skipped), checked without parsing, so that neither
 * `JSON.parse` nor a later `JSON.stringify` of the value can run out of stack.
 * @example
 * ```ts
 * nestedDeeperThan("[[1]]", 1) // true
 * nestedDeeperThan('{"a":"[[["}', 1) // false
 * ```
 */
export const nestedDeeperThan = (text: string, limit: number = MAX_JSON_DEPTH): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // a backslash escapes the next character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true
    } else if (c === 93 || c === 125) depth--
  }
  return false
}

/**
 * A JSON-RPC id as it may be echoed: a number or a string of at most 128 characters; anything else is `null`.
 * @example
 * ```ts
 * rpcId(7) // 7
 * rpcId({ deep: [] }) // null
 * ```
 */
export const rpcId = (id: unknown): number | string | null =>
  (typeof id === "number" && Number.isFinite(id)) || (typeof id === "string" && id.length <= 128) ? id : null
