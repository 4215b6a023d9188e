import { onCredentialChange, type CredentialChange } from "../auth/credential-changes";
import { AppError } from "../errors";
import { logger } from "../logger";

/** Streams one API key, or one user, may hold open in one process (issue 38): beyond, 429. */
export const MAX_STREAMS_PER_CREDENTIAL = 20;
/** How often every open stream's credential is checked again. */
export const STREAM_RECHECK_MS = 30_000;

/** Who holds a stream open, and how to check that they still may. */
export interface StreamCredential {
  organizationId: string;
  /** Set for an API key's stream. */
  keyId?: string;
  /** Set for an access token's stream. */
  userId?: string;
  /**
   * Streams opened with the same credential (the Authorization header) share one check a round,
   * and the same answer.
   */
  group: string;
  /** Authenticates and authorizes again as at the start; throws the AppError of a refusal. */
  recheck: () => Promise<void>;
}

interface Guarded {
  credential: StreamCredential;
  subjects: string[];
  /** Ends the stream with `event: error` naming why. */
  end: (error: AppError) => void;
}

function subjectsOf(c: StreamCredential): string[] {
  if (c.keyId) return [`key:${c.keyId}`];
  return c.userId ? [`user:${c.userId}`] : [];
}

function concerns(c: StreamCredential, change: CredentialChange): boolean {
  if ("keyId" in change) return c.keyId === change.keyId;
  if ("userId" in change) return c.userId === change.userId;
  return c.organizationId === change.organizationId;
}

/**
 * The event streams of one process, held to their credentials (issue 38, contract §13): every
 * stream is checked again every STREAM_RECHECK_MS (one check per credential, however many streams
 * share it) and at once when this process changes or revokes a credential (credential-changes.ts);
 * one that fails ends with `event: error` naming why. It also caps streams per API key and per
 * user, so one credential cannot hold the process's connections: this is not the request rate
 * limit, and applies with rate limiting off.
 */
export class StreamGuard {
  private readonly streams = new Set<Guarded>();
  private readonly counts = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | undefined;

  constructor(
    private readonly options: { intervalMs: number; maxPerCredential: number } = {
      intervalMs: STREAM_RECHECK_MS,
      maxPerCredential: MAX_STREAMS_PER_CREDENTIAL,
    },
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /**
   * Counts a new stream against its credential's cap (429 `too_many_streams` when full, before
   * anything is sent) and watches it from now. Answers the release to call when the stream ends.
   */
  admit(credential: StreamCredential, end: (error: AppError) => void): () => void {
    const subjects = subjectsOf(credential);
    for (const s of subjects) {
      if ((this.counts.get(s) ?? 0) >= this.options.maxPerCredential) {
        const who = s.startsWith("key:") ? "API key" : "user";
        throw new AppError(
          "too_many_streams",
          `This ${who} already has ${this.options.maxPerCredential} event streams open here; close one first.`,
        );
      }
    }
    const guarded: Guarded = { credential, subjects, end };
    for (const s of subjects) this.counts.set(s, (this.counts.get(s) ?? 0) + 1);
    this.streams.add(guarded);
    this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.streams.delete(guarded);
      for (const s of subjects) {
        const n = (this.counts.get(s) ?? 1) - 1;
        if (n > 0) this.counts.set(s, n);
        else this.counts.delete(s);
      }
      if (this.streams.size === 0) this.stop();
    };
  }

  /** Checks the credentials of the streams `change` concerns (all without one), ending those refused. */
  async recheck(change?: CredentialChange): Promise<void> {
    const groups = new Map<string, Guarded[]>();
    for (const g of this.streams) {
      if (change && !concerns(g.credential, change)) continue;
      const list = groups.get(g.credential.group);
      if (list) list.push(g);
      else groups.set(g.credential.group, [g]);
    }
    await Promise.all(
      [...groups.values()].map(async (list) => {
        try {
          await list[0]!.credential.recheck();
        } catch (err) {
          // Only a refusal ends a stream: a database blip is not the client's fault, and the next
          // round checks again.
          if (!(err instanceof AppError) || err.status >= 500) {
            logger.warn("events: could not check a stream's credential", { error: (err as Error).message });
            return;
          }
          for (const g of list) g.end(err);
        }
      }),
    );
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.recheck(), this.options.intervalMs);
    this.timer.unref();
    this.unlisten = onCredentialChange((change) => void this.recheck(change));
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unlisten?.();
    this.unlisten = undefined;
  }
}

const holder = globalThis as typeof globalThis & { __signalgateStreamGuard?: StreamGuard };

/** The process's guard (on globalThis: Next may load this module in more than one bundle). */
export function streamGuard(): StreamGuard {
  holder.__signalgateStreamGuard ??= new StreamGuard();
  return holder.__signalgateStreamGuard;
}
