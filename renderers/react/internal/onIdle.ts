/**
 * Runs `task` when the browser is idle, at the latest after 2 s (or after 200 ms where idle callbacks are missing);
 * returns the cancel function. Tasks scheduled earlier run first.
 */
export const onIdle = (task: () => void): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 200)
  return () => clearTimeout(handle)
}
