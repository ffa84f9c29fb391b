import { ReasonError } from "../errors/ReasonError.ts"
import { errorTexts } from "../errors/texts.ts"

/** An adapter's `load()` rejected; `cause` is what it rejected with. A later call tries again. */
export class AdapterLoadError extends ReasonError("AdapterLoadError", errorTexts.AdapterLoadError) {}
