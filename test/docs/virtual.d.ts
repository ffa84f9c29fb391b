/** docs/headless.md's ```ts renderer block, served by vitest.config.ts's `docsRenderer` plugin to the browser tests. */
declare module "virtual:docs/headless-renderer" {
  /** Draws Airlock into `root`; returns what removes it. */
  export const mountAirlock: (root: HTMLElement, airlock: import("airlock-kit").AirlockClient) => () => void
  /** Where the block is: its markdown file and the line of its fence. */
  export const docsBlock: { readonly file: string; readonly line: number }
}

/** docs/headless.md's ```ts browser connect-ui block ("A custom connect UI"), served the same way. */
declare module "virtual:docs/headless-connect-ui" {
  /** Draws the custom connect UI into `root`; returns what removes it. */
  export const mountConnectUi: (root: HTMLElement, airlock: import("airlock-kit").AirlockClient) => () => void
  export const docsBlock: { readonly file: string; readonly line: number }
}
