import type { CpuMeter } from "./cpu";
import { describeSlice, runLoad, type LoadOptions, type Slice, type Target } from "./measure";

export interface Phase {
  label: string;
  connections: number;
  rounds: number;
  sliceSeconds: number;
  warmupSeconds: number;
}

export interface Measured {
  slices: Slice[];
  latencies: number[][];
}

async function measureSlice(
  baseUrl: string,
  target: Target,
  load: LoadOptions,
  meter: CpuMeter,
  into: Measured,
): Promise<Slice> {
  const stopMeter = meter.start();
  const { slice, latencies } = await runLoad(baseUrl, target, load);
  const cpu = stopMeter();
  slice.serverCpuMs = cpu.serverMs;
  slice.databaseCpuMs = cpu.databaseMs;
  into.slices.push(slice);
  into.latencies.push(latencies);
  return slice;
}

async function warmUp(baseUrl: string, target: Target, load: LoadOptions, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  await runLoad(baseUrl, target, { ...load, durationSeconds: seconds });
  await target.settle?.();
}

/**
 * Measures the routes in short slices, interleaved: round after round, each route gets one slice,
 * in alternating order (A B C, C B A, …). Other processes on a shared machine come and go over
 * tens of seconds; interleaving puts every route under the same disturbances, and slices measured
 * side by side can be compared pairwise (report.ts). A target's `settle` runs after each of its
 * slices, outside the measurement (CPU meter included).
 */
export async function measurePhase(
  baseUrl: string,
  targets: Target[],
  phase: Phase,
  meter: CpuMeter,
  log: (message: string) => void,
): Promise<Map<string, Measured>> {
  const load: LoadOptions = { connections: phase.connections, durationSeconds: phase.sliceSeconds };
  const measured = new Map<string, Measured>(targets.map((t) => [t.name, { slices: [], latencies: [] }]));
  for (const t of targets) await warmUp(baseUrl, t, load, phase.warmupSeconds);
  for (let round = 0; round < phase.rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      const slice = await measureSlice(baseUrl, t, load, meter, measured.get(t.name)!);
      log(
        `${phase.label} ${String(round + 1).padStart(2)}/${phase.rounds} ${t.name.padEnd(11)} ${describeSlice(slice)}`,
      );
      await t.settle?.();
    }
  }
  return measured;
}

/** One warmed-up run of one route (the informational ones). */
export async function measureOnce(
  baseUrl: string,
  target: Target,
  load: LoadOptions,
  warmupSeconds: number,
  meter: CpuMeter,
  log: (message: string) => void,
): Promise<Measured> {
  await warmUp(baseUrl, target, load, warmupSeconds);
  const measured: Measured = { slices: [], latencies: [] };
  const slice = await measureSlice(baseUrl, target, load, meter, measured);
  log(`informational ${target.name.padEnd(11)} ${describeSlice(slice)}`);
  await target.settle?.();
  return measured;
}
