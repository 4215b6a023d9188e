/**
 * Micro-benchmark (not run by the tests): messages per second through SmppCarrier to the loopback
 * TestSmsc with a given window. Run e.g. with
 *   npx tsx -e 'import("./server/carriers/smpp/benchmark.ts").then(m => m.benchmarkSmpp({ messages: 5000 })).then(console.log)'
 */
import { SmppCarrier } from "./smpp-carrier";
import { TestSmsc } from "./test-smsc";

export interface SmppBenchmarkResult {
  messages: number;
  windowSize: number;
  answerDelayMs: number;
  accepted: number;
  ms: number;
  perSecond: number;
  maxOutstanding: number;
}

export async function benchmarkSmpp(
  options: { messages?: number; windowSize?: number; answerDelayMs?: number; batchSize?: number } = {},
): Promise<SmppBenchmarkResult> {
  const messages = options.messages ?? 2_000;
  const windowSize = options.windowSize ?? 10;
  const answerDelayMs = options.answerDelayMs ?? 0;
  const batchSize = options.batchSize ?? 500;
  const smsc = await TestSmsc.start({ answerDelayMs });
  const carrier = new SmppCarrier({
    url: smsc.url,
    systemId: smsc.systemId,
    password: smsc.password,
    windowSize,
    onReceipt: () => {},
  });
  try {
    await carrier.start();
    const started = performance.now();
    let accepted = 0;
    for (let offset = 0; offset < messages; offset += batchSize) {
      const batch = Array.from({ length: Math.min(batchSize, messages - offset) }, (_, i) => ({
        id: `msg_bench_${offset + i}`,
        organizationId: "org_bench",
        environment: "live" as const,
        to: "+14155550123",
        from: "SignalGate",
        body: `Benchmark message ${offset + i}`,
        segments: 1,
        encoding: "GSM-7" as const,
        attempt: 1,
      }));
      const results = await carrier.submit(batch);
      accepted += results.filter((r) => r.outcome === "accepted").length;
    }
    const ms = performance.now() - started;
    return {
      messages,
      windowSize,
      answerDelayMs,
      accepted,
      ms: Math.round(ms),
      perSecond: Math.round((messages / ms) * 1000),
      maxOutstanding: smsc.maxOutstanding,
    };
  } finally {
    await carrier.stop();
    await smsc.close();
  }
}
