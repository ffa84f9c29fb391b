/**
 * The adapters' kernel: a bundler hint, no code and no names (see `core/client/kernel.ts` for why kernels exist).
 * Every adapter's lazy module (its implementation, RPC, transfers, codecs) imports it bare; it imports core's kernel
 * and every adapter module whose code a page's first load holds, except the adapters' entries and
 * `solana/signer.ts`, which lead to an `import()` of a module that imports it (an import circle).
 * @module
 */
import "../core/client/kernel.ts"
import "./embedded/actions.ts"
import "./embedded/options.ts"
import "./embedded/popup.ts"
import "./walletconnect/options.ts"
