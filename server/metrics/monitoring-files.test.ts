// docs/monitoring/: the example alert rules and Grafana dashboard must parse, and name only metrics
// the service exposes. With promtool installed (Debian's `prometheus` package) their PromQL is
// checked by Prometheus's own parser too.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { metrics } from "./registry";

const dir = path.join(process.cwd(), "docs", "monitoring");
const rules = parse(readFileSync(path.join(dir, "prometheus-alerts.yml"), "utf8")) as {
  groups: { name: string; rules: { alert: string; expr: string; labels?: object; annotations?: object }[] }[];
};
const dashboard = JSON.parse(readFileSync(path.join(dir, "grafana-dashboard.json"), "utf8")) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const exprs = [
  ...rules.groups.flatMap((g) => g.rules.map((r) => r.expr)),
  ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
];

/** The metric names a scrape can carry (histograms add _bucket, _sum and _count). */
function exposed(): Set<string> {
  const names = new Set<string>();
  for (const m of metrics().registry.getMetricsAsArray()) {
    const { name, type } = m as unknown as { name: string; type: string };
    names.add(name);
    if (type === "histogram") for (const s of ["_bucket", "_sum", "_count"]) names.add(name + s);
  }
  return names;
}

describe("docs/monitoring", () => {
  it("has alerts with a runbook link, and dashboard panels with a query", () => {
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.length).toBeGreaterThan(5);
    for (const a of alerts) {
      expect(a.alert).toMatch(/^SignalGate/);
      expect(a.annotations).toMatchObject({ runbook: expect.stringMatching(/^docs\/operations\.md#[a-z-]+$/) });
    }
    expect(dashboard.panels.length).toBeGreaterThan(5);
  });

  it("names only metrics the service exposes", () => {
    const known = exposed();
    for (const expr of exprs) {
      const used = expr.match(/signalgate_[a-z_]+/g) ?? [];
      expect(used.length, expr).toBeGreaterThan(0);
      for (const name of used) expect(known, `${name} in ${expr}`).toContain(name);
    }
  });

  it("links runbooks that docs/operations.md has", () => {
    const ops = readFileSync(path.join(process.cwd(), "docs", "operations.md"), "utf8");
    const anchors = new Set(
      [...ops.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, "")
          .replace(/ /g, "-"),
      ),
    );
    for (const g of rules.groups)
      for (const r of g.rules) {
        const anchor = String((r.annotations as { runbook: string }).runbook).split("#")[1]!;
        expect(anchors, r.alert).toContain(anchor);
      }
  });

  it("passes promtool (rules, and the dashboard's queries as recording rules) when it is installed", () => {
    if (!existsSync("/usr/bin/promtool")) return;
    execFileSync("promtool", ["check", "rules", path.join(dir, "prometheus-alerts.yml")], { stdio: "pipe" });
    const recorded = {
      groups: [
        {
          name: "dashboard",
          rules: dashboard.panels.flatMap((p, i) =>
            p.targets.map((t, j) => ({ record: `panel_${i}_${j}`, expr: t.expr })),
          ),
        },
      ],
    };
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sg-dash-")), "dashboard.rules.json");
    writeFileSync(file, JSON.stringify(recorded));
    execFileSync("promtool", ["check", "rules", file], { stdio: "pipe" });
  });
});
