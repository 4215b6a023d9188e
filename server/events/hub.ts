import { getDriver } from "../db/client";
import { isShuttingDown } from "../lifecycle";
import { recordItemFailure } from "../isolation/item-failure";
import { logger } from "../logger";
import { PollLoop } from "../poll-loop";
import { matchesTypes } from "@/schemas/events";
import { listenForOutbox } from "./listen";
import { comparePositions, type Position } from "./position";
import { currentPosition, readOrganizationRange, readOutboxAfter, type PositionedRow } from "./read-outbox";

/** What a stream connection gives the hub: where to write, and how to end it. */
export interface StreamSink {
  readonly organizationId: string;
  /** Parsed `types` (empty: every type). */
  readonly types: readonly string[];
  /** Write one event; false when the client is too far behind (the hub then drops it). */
  send(row: PositionedRow): boolean;
  /** Write a comment line so proxies and clients know the connection is alive. */
  heartbeat(): boolean;
  /** End the stream (slow client, shutdown, or its own fault: it threw). */
  close(reason: CloseReason): void;
}

type CloseReason = "slow" | "shutdown" | "error";

interface Subscription {
  /** For the log, should the stream fail. */
  id: number;
  sink: StreamSink;
  /** The last position written to (or skipped for) this client: nothing at or below it is sent. */
  cursor: Position;
  /** While a resumed stream reads its gap from the database, live events wait here. */
  pending: PositionedRow[] | null;
}

export interface HubOptions {
  /** The reader's safety round when no notification comes. */
  intervalMs: number;
  heartbeatMs: number;
  /** Rows per read of the outbox. */
  batch: number;
  /** Live events a resumed stream may hold while it catches up before it is dropped as too slow. */
  maxPending: number;
}

const DEFAULTS: HubOptions = { intervalMs: 1_000, heartbeatMs: 15_000, batch: 1_000, maxPending: 10_000 };
const CATCH_UP_WINDOW = 2_000;

/**
 * One reader of the outbox per process, fanning out to every stream connection of the process.
 * It wakes on the outbox's commit notification (and once a second regardless), reads what committed
 * after its position in commit order, and hands each event to the connections of its organization.
 * Connections hold no timers and run no queries of their own while live: a hundred idle streams
 * cost a hundred small objects and one shared heartbeat. It runs only while someone listens.
 */
export class EventHub {
  private readonly byOrg = new Map<string, Set<Subscription>>();
  private subscriptions = 0;
  private size = 0;
  private position: Position | null = null;
  private loop: PollLoop | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private starting: Promise<void> | null = null;
  private readonly options: HubOptions;

  constructor(options: Partial<HubOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  get connections(): number {
    return this.size;
  }

  /**
   * Attach a stream. With `resumeAfter`, every event of the organization committed after that
   * position is sent first, read from the database, then the live feed continues with no event
   * sent twice. Resolves to the detach function.
   */
  async subscribe(sink: StreamSink, resumeAfter?: Position): Promise<() => void> {
    await this.start();
    const sub: Subscription = {
      id: ++this.subscriptions,
      sink,
      cursor: resumeAfter ?? this.position!,
      pending: resumeAfter ? [] : null,
    };
    let set = this.byOrg.get(sink.organizationId);
    if (!set) this.byOrg.set(sink.organizationId, (set = new Set()));
    set.add(sub);
    this.size++;
    const detach = () => void this.detach(sub);
    if (resumeAfter) {
      try {
        await this.catchUp(sub, resumeAfter, { ...this.position! });
      } catch (err) {
        detach();
        throw err;
      }
    }
    return detach;
  }

  /** Stop reading and close every stream (tests, shutdown). */
  async stop(): Promise<void> {
    this.closeAll();
    await this.halt();
  }

  private closeAll(): void {
    for (const set of [...this.byOrg.values()]) for (const sub of [...set]) this.drop(sub, "shutdown");
  }

  private async catchUp(sub: Subscription, from: Position, until: Position): Promise<void> {
    let after = from;
    for (;;) {
      const { rows, scannedTo } = await readOrganizationRange(sub.sink.organizationId, after, until, CATCH_UP_WINDOW);
      for (const row of rows) if (!this.write(sub, row)) return;
      if (!scannedTo || comparePositions(scannedTo, until) >= 0) break;
      after = scannedTo;
    }
    const waiting = sub.pending ?? [];
    sub.pending = null;
    for (const row of waiting) if (!this.write(sub, row)) return;
  }

  /** Send one event to one client unless it already has it or filtered it out. */
  private write(sub: Subscription, row: PositionedRow): boolean {
    if (comparePositions(row, sub.cursor) <= 0) return true;
    sub.cursor = { xid: row.xid, id: row.id };
    if (!matchesTypes(sub.sink.types, row.type)) return true;
    const sent = this.isolated(sub, () => sub.sink.send(row));
    if (sent === true) return true;
    if (sent === false) this.drop(sub, "slow");
    return false;
  }

  /**
   * One stream's own work (server/isolation/): a stream whose sink throws is dropped ("error", it
   * resumes with Last-Event-ID), logged with its stack, and every other stream goes on.
   */
  private isolated(sub: Subscription, work: () => boolean): boolean | "dropped" {
    try {
      return work();
    } catch (err) {
      recordItemFailure(
        { runner: "events-hub", kind: "stream", id: `stream-${sub.id}`, organizationId: sub.sink.organizationId },
        err,
      );
      this.drop(sub, "error");
      return "dropped";
    }
  }

  private fanOut(row: PositionedRow): void {
    const set = this.byOrg.get(row.organization_id);
    if (!set) return;
    for (const sub of [...set]) {
      if (sub.pending) {
        if (sub.pending.length >= this.options.maxPending) this.drop(sub, "slow");
        else sub.pending.push(row);
      } else {
        this.write(sub, row);
      }
    }
  }

  private drop(sub: Subscription, reason: CloseReason): void {
    if (!this.detach(sub)) return;
    try {
      sub.sink.close(reason);
    } catch (err) {
      logger.warn("events: a stream did not close cleanly", { error: (err as Error).message });
    }
  }

  /** False when it was detached already. */
  private detach(sub: Subscription): boolean {
    const set = this.byOrg.get(sub.sink.organizationId);
    if (!set?.delete(sub)) return false;
    this.size--;
    if (set.size === 0) this.byOrg.delete(sub.sink.organizationId);
    if (this.size === 0) void this.halt();
    return true;
  }

  private start(): Promise<void> {
    if (this.loop) return Promise.resolve();
    this.starting ??= (async () => {
      try {
        this.position = await currentPosition();
        const loop: PollLoop = new PollLoop("event stream reader", this.options.intervalMs, () => this.round(loop));
        this.unlisten = await listenForOutbox(getDriver(), () => loop.nudge(0));
        this.loop = loop;
        loop.start();
        this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
        this.heartbeat.unref();
      } finally {
        this.starting = null;
      }
    })();
    return this.starting;
  }

  private async halt(): Promise<void> {
    const loop = this.loop;
    const unlisten = this.unlisten;
    if (!loop || this.size > 0) return;
    this.loop = null;
    this.unlisten = null;
    clearInterval(this.heartbeat);
    // The position is left alone: a stream that subscribes while this halt is still waiting for
    // the loop's last round starts a new loop, and start() has already set the position it reads from.
    await loop.stop();
    await unlisten?.();
  }

  private beat(): void {
    for (const set of this.byOrg.values()) {
      for (const sub of [...set]) {
        if (!sub.pending && this.isolated(sub, () => sub.sink.heartbeat()) === false) this.drop(sub, "slow");
      }
    }
  }

  /** One read of the outbox; true when there is more to read now (a full batch, or events held above the horizon). */
  private async round(loop: PollLoop): Promise<boolean> {
    if (isShuttingDown()) {
      // Streams end at once so the balancer's drain is not held for them; clients resume elsewhere.
      this.closeAll();
      return false;
    }
    const after = this.position;
    if (!after) return false;
    const { rows, pending } = await readOutboxAfter(after, this.options.batch);
    // A halted loop's last round may end after a new loop started from a newer position.
    if (this.loop !== loop) return false;
    if (rows.length > 0) this.position = { xid: rows.at(-1)!.xid, id: rows.at(-1)!.id };
    for (const row of rows) {
      try {
        this.fanOut(row);
      } catch (err) {
        logger.error("events: fan-out failed", { error: (err as Error).message });
      }
    }
    return rows.length === this.options.batch || pending;
  }
}

const holder = globalThis as typeof globalThis & { __signalgateEventHub?: EventHub };

/** The process's hub (on globalThis: Next may load this module in more than one bundle). */
export function eventHub(): EventHub {
  holder.__signalgateEventHub ??= new EventHub();
  return holder.__signalgateEventHub;
}
