import type { Connector } from "./connector.ts"
import { displayText } from "./displayText.ts"
import { isSafeConnectorIcon } from "./urlCheck.ts"

/**
 * A connector as it announces itself (EIP-6963, Wallet Standard), with an unsafe `imageUrl` or `info.icon` dropped
 * and a console warning, and its name's bidirectional controls removed ({@link displayText}). Core applies it to every connector discovery reports, before it enters the state; an inline
 * SVG icon passes ({@link isSafeConnectorIcon}). Plain checks, no schema: discovery runs on the first load.
 * @example
 * ```ts
 * sanitizeConnector({ id: "x", type: "ANNOUNCED", name: "X", chain: "eip155", imageUrl: "javascript:1" }).imageUrl
 * // undefined
 * ```
 */
export const sanitizeConnector = <C extends Connector>(announced: C): C => {
  const name = typeof announced.name === "string" ? displayText(announced.name) : ""
  const connector = name === announced.name ? announced : { ...announced, name }
  const unsafe = (url: string | null | undefined): boolean => typeof url === "string" && !isSafeConnectorIcon(url)
  const { imageUrl, info, ...rest } = connector
  const dropImage = unsafe(imageUrl)
  const dropIcon = unsafe(info?.icon)
  if (!dropImage && !dropIcon) return connector
  console.warn(`Airlock: dropped an unsafe image URL announced by the connector "${connector.name}"`)
  const { icon, ...infoRest } = info ?? {}
  return {
    ...rest,
    ...(dropImage || imageUrl === undefined ? {} : { imageUrl }),
    ...(info === undefined ? {} : { info: dropIcon || icon === undefined ? infoRest : { ...infoRest, icon } })
  } as C
}
