import type { LocaleCatalogue } from "../catalogue.ts"
import { en as messages } from "../en/index.ts"

/** English, the catalogue's source language. */
export const en: LocaleCatalogue = { locale: "en", dir: "ltr", messages }
