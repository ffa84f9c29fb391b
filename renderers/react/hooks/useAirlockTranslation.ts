"use client"
import {
  type AirlockState,
  type Message,
  type MessageArgs,
  type MessageId,
  type MessagePlaceholders,
  messageText,
  templateParts,
  translate
} from "airlock-kit"
// Docs: docs/react.md#hooks, docs/i18n.md
import { createElement, Fragment, type ReactNode, useMemo } from "react"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** What {@link useAirlockTranslation} returns. */
export interface UseAirlockTranslationReturnType {
  /** The text of `id` in the client's language, its placeholders filled. */
  readonly t: <Id extends MessageId>(id: Id, ...args: MessageArgs<Id>) => string
  /** The text of a {@link Message} (what errors and the state carry). */
  readonly text: (message: Message) => string
  /**
   * The text of `id` with its placeholders filled by React nodes (a name in bold, a method as code), the sentence
   * kept whole in the translation's word order.
   */
  readonly rich: <Id extends MessageId>(
    id: Id,
    values: Readonly<Record<MessagePlaceholders<Id>, ReactNode>>
  ) => ReactNode
  /** The locale's BCP 47 tag: format numbers and dates with it. */
  readonly locale: string
  readonly dir: "ltr" | "rtl"
}

const selectI18n = (state: AirlockState) => state.i18n

/**
 * The client's language: `t(id, params)` looks a text up in its catalogue; the component re-renders when
 * `airlock.setLocale` changes it.
 *
 * @example
 * ```tsx
 * import { useAirlockTranslation } from "airlock-kit/react"
 * const Title = () => {
 *   const { t, rich } = useAirlockTranslation()
 *   return (
 *     <>
 *       <h2>{t("button.connect")}</h2>
 *       <p>{rich("embedded.loggedInAs", { login: <strong>ada@example.com</strong> })}</p>
 *     </>
 *   )
 * }
 * ```
 */
export const useAirlockTranslation = (): UseAirlockTranslationReturnType => {
  const { locale, dir, messages } = useAirlockSelector(selectI18n)
  return useMemo(
    () => ({
      t: <Id extends MessageId>(id: Id, ...args: MessageArgs<Id>) => translate(messages, id, ...args),
      text: (message: Message) => messageText(messages, message),
      rich: <Id extends MessageId>(id: Id, values: Readonly<Record<MessagePlaceholders<Id>, ReactNode>>) => {
        const filled: Readonly<Record<string, ReactNode>> = values
        const parts = templateParts(messages[id] ?? id).map((part) =>
          typeof part === "string"
            ? part
            : Object.hasOwn(filled, part.placeholder)
              ? filled[part.placeholder]
              : `{${part.placeholder}}`
        )
        return createElement(Fragment, null, ...parts)
      },
      locale,
      dir
    }),
    [locale, dir, messages]
  )
}
