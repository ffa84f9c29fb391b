"use client"
// Docs: docs/react.md#hooks, docs/i18n.md
import { useMemo } from "react"
import { type Message, type MessageArgs, type MessageId, messageText, translate } from "../../../core/i18n/catalogue.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** What {@link useAirlockTranslation} returns. */
export interface UseAirlockTranslationReturnType {
  /** The text of `id` in the client's language, its placeholders filled. */
  readonly t: <Id extends MessageId>(id: Id, ...args: MessageArgs<Id>) => string
  /** The text of a {@link Message} (what errors and the state carry). */
  readonly text: (message: Message) => string
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
 * import { useAirlockTranslation } from "airlock/react"
 * const Title = () => {
 *   const { t } = useAirlockTranslation()
 *   return <h2>{t("button.connect")}</h2>
 * }
 * ```
 */
export const useAirlockTranslation = (): UseAirlockTranslationReturnType => {
  const { locale, dir, messages } = useAirlockSelector(selectI18n)
  return useMemo(
    () => ({
      t: <Id extends MessageId>(id: Id, ...args: MessageArgs<Id>) => translate(messages, id, ...args),
      text: (message: Message) => messageText(messages, message),
      locale,
      dir
    }),
    [locale, dir, messages]
  )
}
