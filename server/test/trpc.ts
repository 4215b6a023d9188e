import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import { getDb } from "../db/client";
import { ACTIVE_ORG_COOKIE } from "../trpc/active-org-cookie";
import { createTRPCContext, type SessionLike } from "../trpc/init";
import { appRouter, createCaller } from "../trpc/root";

/**
 * A server-side tRPC caller signed in as `userId` (null: signed out), with `activeOrgId` in the
 * active-organization cookie when given. `otherCookies` go before it in the same header;
 * `resHeaders` receives the cookies procedures set.
 */
export function callerFor(
  userId: string | null,
  activeOrgId?: string,
  { otherCookies, resHeaders }: { otherCookies?: string; resHeaders?: Headers } = {},
) {
  const headers = new Headers();
  if (activeOrgId) {
    const orgCookie = `${ACTIVE_ORG_COOKIE}=${activeOrgId}`;
    headers.set("cookie", otherCookies ? `${otherCookies}; ${orgCookie}` : orgCookie);
  }
  const session = userId ? { user: { id: userId } } : null;
  return createCaller(createTRPCContext({ db: getDb(), session, headers, resHeaders }));
}

/** Awaits a call that must fail, and returns its TRPCError. */
export async function trpcError(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  return err as TRPCError;
}

export interface TrpcErrorData {
  code: string;
  httpStatus: number;
  appCode: string | null;
  zodError: { fieldErrors: Record<string, string[]> } | null;
  details: { path: string; message: string }[] | null;
  requestId: string | null;
}

/** A mutation posted through the fetch handler: the HTTP status and body the browser receives. */
export async function postTrpc(path: string, input: unknown, session: SessionLike | null, activeOrgId?: string) {
  const req = new Request(`http://localhost/api/trpc/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(activeOrgId ? { cookie: `${ACTIVE_ORG_COOKIE}=${activeOrgId}` } : {}),
    },
    body: JSON.stringify({ json: input }),
  });
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createTRPCContext({ db: getDb(), session, headers: req.headers, resHeaders }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { error?: { json: { message: string; data: TrpcErrorData } } },
  };
}

/** A query sent through the fetch handler as the browser sends it (GET): the HTTP status and body. */
export async function getTrpc(path: string, input: unknown, session: SessionLike | null, activeOrgId?: string) {
  const url = new URL(`http://localhost/api/trpc/${path}`);
  url.searchParams.set("input", JSON.stringify({ json: input }));
  const req = new Request(url, { headers: activeOrgId ? { cookie: `${ACTIVE_ORG_COOKIE}=${activeOrgId}` } : {} });
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createTRPCContext({ db: getDb(), session, headers: req.headers, resHeaders }),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      result?: { data: { json: unknown } };
      error?: { json: { message: string; data: TrpcErrorData } };
    },
  };
}
