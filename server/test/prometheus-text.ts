// A strict reader of the Prometheus text exposition format 0.0.4, for tests: every line must be a
// HELP, a TYPE or a sample, samples must follow their family's TYPE, and values must be numbers.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ([+-]?(?:[0-9.e+-]+|Inf|NaN))(?: -?[0-9]+)?$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

export function parsePrometheusText(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("# HELP ")) continue;
    if (line.startsWith("# TYPE ")) {
      const [, , name, type] = line.split(" ");
      if (!name || !type || !TYPES.has(type)) throw new Error(`bad TYPE line: ${line}`);
      types.set(name, type);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const [, name = "", rawLabels = "", rawValue = ""] = m;
    const family = [...types.keys()].find(
      (f) => name === f || ["_bucket", "_sum", "_count", "_total"].some((s) => name === f + s),
    );
    if (!family) throw new Error(`sample before its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < rawLabels.length) {
      const l = LABEL.exec(rawLabels);
      if (!l) throw new Error(`bad labels: ${line}`);
      labels[l[1]!] = l[2]!;
    }
    // Go's ParseFloat, which Prometheus uses, takes NaN and Inf in any case.
    const special = rawValue.toLowerCase();
    const value =
      special === "nan"
        ? NaN
        : special.endsWith("inf")
          ? special.startsWith("-")
            ? -Infinity
            : Infinity
          : Number(rawValue);
    if (Number.isNaN(value) && special !== "nan") throw new Error(`bad value: ${line}`);
    samples.push({ name, labels, value });
  }
  return { samples, types };
}

/** The value of the one sample with this name whose labels include `labels` (0 when absent). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}
