/**
 * A small Prometheus registry (text exposition format 0.0.4, no dependency): counters, histograms with fixed buckets
 * and gauges read when scraped. Every server part shares one registry: the HTTP layer counts requests, the relay
 * registers `relay_sockets`, the secure site `frame_sessions`, each with {@link MetricsRegistry.gauge}.
 *
 * Label values must come from a bounded set (a route PATTERN, a method, a status), never from user input such as a
 * raw path, or one client can grow the registry without limit.
 */

/** Label names to values. */
export type Labels = Readonly<Record<string, string>>

/** A number that only goes up. */
export interface Counter {
  inc(labels?: Labels, by?: number): void
}

/** Counts observations into fixed buckets, with their sum and count. */
export interface Histogram {
  observe(labels: Labels, value: number): void
}

/** What a gauge reads when scraped: one value, or one per label set. */
export type GaugeValue = number | ReadonlyArray<{ readonly labels: Labels; readonly value: number }>

/** The registry. */
export interface MetricsRegistry {
  /** The counter `name` (created on first call; the same one afterwards). */
  counter(name: string, help: string): Counter
  /** The histogram `name` with `buckets` (upper bounds in ascending order; `+Inf` is added). */
  histogram(name: string, help: string, buckets?: ReadonlyArray<number>): Histogram
  /** Registers a gauge whose value `read` gives at each scrape; a second gauge of the same name is refused. */
  gauge(name: string, help: string, read: () => GaugeValue): void
  /** Every metric in the Prometheus text format. */
  render(): string
}

/** The `content-type` of {@link MetricsRegistry.render}'s text. */
export const metricsContentType = "text/plain; version=0.0.4; charset=utf-8"

/** Request-duration buckets in seconds, from 5 ms to 10 s. */
export const defaultBuckets: ReadonlyArray<number> = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const validName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const validLabel = /^[a-zA-Z_][a-zA-Z0-9_]*$/

const escapeValue = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"')
const escapeHelp = (help: string) => help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")

const labelText = (labels: Labels): string => {
  const names = Object.keys(labels).sort()
  if (names.length === 0) return ""
  for (const name of names) if (!validLabel.test(name)) throw new Error(`Invalid metric label name '${name}'`)
  return `{${names.map((name) => `${name}="${escapeValue(labels[name] ?? "")}"`).join(",")}}`
}

const withLabel = (labels: string, extra: string) => (labels === "" ? `{${extra}}` : `${labels.slice(0, -1)},${extra}}`)

const number = (value: number) =>
  Number.isNaN(value) ? "NaN" : value === Infinity ? "+Inf" : value === -Infinity ? "-Inf" : String(value)

interface Family {
  readonly type: "counter" | "gauge" | "histogram"
  readonly help: string
  readonly lines: () => ReadonlyArray<string>
  readonly handle?: Counter | Histogram
}

/**
 * A registry, with `process_resident_memory_bytes` and `nodejs_heap_used_bytes` already registered.
 * @example
 * ```ts
 * declare const sockets: ReadonlySet<unknown>
 * const metrics = makeMetrics()
 * metrics.counter("http_requests_total", "Requests answered").inc({ route: "/healthz", method: "GET", status: "200" })
 * metrics.gauge("relay_sockets", "Open relay sockets", () => sockets.size)
 * metrics.render() // "# HELP http_requests_total Requests answered\n# TYPE http_requests_total counter\n..."
 * ```
 */
export const makeMetrics = (): MetricsRegistry => {
  const families = new Map<string, Family>()
  const add = (name: string, family: Family) => {
    if (!validName.test(name)) throw new Error(`Invalid metric name '${name}'`)
    if (families.has(name)) throw new Error(`Metric '${name}' is already registered`)
    families.set(name, family)
  }
  const existing = (name: string, type: Family["type"]) => {
    const family = families.get(name)
    if (family !== undefined && family.type !== type) throw new Error(`Metric '${name}' is a ${family.type}`)
    return family?.handle
  }

  const registry: MetricsRegistry = {
    counter: (name, help) => {
      const found = existing(name, "counter")
      if (found !== undefined) return found as Counter
      const values = new Map<string, number>()
      const counter: Counter = {
        inc: (labels = {}, by = 1) => {
          if (!(by >= 0)) throw new Error(`Counter '${name}' can only grow`)
          const key = labelText(labels)
          values.set(key, (values.get(key) ?? 0) + by)
        }
      }
      add(name, {
        type: "counter",
        help,
        handle: counter,
        lines: () => [...values].map(([l, v]) => `${name}${l} ${v}`)
      })
      return counter
    },
    histogram: (name, help, buckets = defaultBuckets) => {
      const found = existing(name, "histogram")
      if (found !== undefined) return found as Histogram
      const bounds = [...buckets].sort((a, b) => a - b)
      const series = new Map<string, { counts: Array<number>; sum: number; count: number }>()
      const histogram: Histogram = {
        observe: (labels, value) => {
          const key = labelText(labels)
          let entry = series.get(key)
          if (entry === undefined) {
            entry = { counts: bounds.map(() => 0), sum: 0, count: 0 }
            series.set(key, entry)
          }
          for (let i = 0; i < bounds.length; i++) if (value <= bounds[i]!) entry.counts[i]!++
          entry.sum += value
          entry.count++
        }
      }
      const lines = () =>
        [...series].flatMap(([labels, entry]) => [
          ...bounds.map((bound, i) => `${name}_bucket${withLabel(labels, `le="${number(bound)}"`)} ${entry.counts[i]}`),
          `${name}_bucket${withLabel(labels, 'le="+Inf"')} ${entry.count}`,
          `${name}_sum${labels} ${entry.sum}`,
          `${name}_count${labels} ${entry.count}`
        ])
      add(name, { type: "histogram", help, handle: histogram, lines })
      return histogram
    },
    gauge: (name, help, read) =>
      add(name, {
        type: "gauge",
        help,
        lines: () => {
          const value = read()
          if (typeof value === "number") return [`${name} ${number(value)}`]
          return value.map((entry) => `${name}${labelText(entry.labels)} ${number(entry.value)}`)
        }
      }),
    render: () => {
      const out: Array<string> = []
      for (const [name, family] of families) {
        let lines: ReadonlyArray<string>
        try {
          lines = family.lines()
        } catch {
          // One broken gauge must not take the whole scrape down; it is just left out.
          continue
        }
        out.push(`# HELP ${name} ${escapeHelp(family.help)}`, `# TYPE ${name} ${family.type}`, ...lines)
      }
      return `${out.join("\n")}\n`
    }
  }
  registry.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", () => process.memoryUsage.rss())
  registry.gauge("nodejs_heap_used_bytes", "V8 heap in use, in bytes.", () => process.memoryUsage().heapUsed)
  return registry
}
