import { ReasonError } from "../errors/ReasonError.ts"
import { errorTexts } from "../errors/texts.ts"

/**
 * What every action of a destroyed client rejects with.
 *
 * @example
 * ```ts
 * import { DestroyedError } from "./DestroyedError.ts"
 * new DestroyedError().shortMessage // "This Airlock client was destroyed"
 * ```
 */
export class DestroyedError extends ReasonError("DestroyedError", errorTexts.DestroyedError) {
  constructor() {
    super({ reason: "Destroyed" })
  }
}
