// A second client that asks one URL every 10 ms on a fresh connection and times each answer:
// app/api/v1/contacts/imports/import-latency.int.test.ts and the bench's `--only imports`.
import { spawn } from "node:child_process";

// Its own process, so the caller's own work never delays its timing. A failed request counts
// with the time it took (a reset connection is no answer either).
const PROBER = `
const http = require("node:http");
const url = process.argv[1];
const latencies = [];
let stop = false;
process.stdin.on("data", () => { stop = true; });
const once = () => new Promise((resolve) => {
  const req = http.get(url, { agent: false }, (res) => { res.resume(); res.on("end", resolve); });
  req.on("error", resolve);
});
(async () => {
  while (!stop) {
    const t = performance.now();
    await once();
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  process.stdout.write(JSON.stringify(latencies), () => process.exit(0));
})();
`;

/** Probes `url` until the returned stop() is called; stop() resolves to the latencies, sorted. */
export function probeLatency(url: string): { stop: () => Promise<number[]> } {
  const child = spawn(process.execPath, ["-e", PROBER, url], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    stop: async () => {
      child.stdin.write("stop\n");
      await exited;
      return (JSON.parse(output) as number[]).sort((a, b) => a - b);
    },
  };
}
