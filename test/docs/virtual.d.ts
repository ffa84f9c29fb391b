/** docs/headless.md's ```ts renderer block, served by vitest.config.ts's `docsRenderer` plugin to the browser tests. */
declare module "virtual:docs/headless-renderer" {
  /** Draws Airlock into `root`; returns what removes it. */
  export const mountAirlock: (root: HTMLElement, airlock: import("airlock-kit").AirlockClient) => () => void
  /** Where the block is: its markdown file and the line of its fence. */
  export const docsBlock: { readonly file: string; readonly line: number }
}
