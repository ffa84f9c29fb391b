/**
 * The English message catalogue, the source every locale translates: each text a user can see, under an id (see
 * docs/i18n.md for the ids and how to add a locale). SPEC §8's texts come from the errors' own tables.
 * @module
 */
import { buttonMessages } from "./buttons.ts"
import { alertMessages, errorMessages } from "./errors.ts"
import { sendMessages } from "./send.ts"

/** Every English text, by id. */
export const en = {
  ...buttonMessages,
  ...sendMessages,
  ...errorMessages,
  ...alertMessages
} as const
