import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../env";
import { GET } from "@/app/api/inngest/route";
import { allJobs } from "./functions";

const request = () =>
  new NextRequest("http://localhost:3000/api/inngest", { headers: { "x-request-id": "req-inngest-1" } });

afterEach(() => {
  delete process.env.INNGEST_DEV;
  resetEnvForTests();
});

describe("/api/inngest", () => {
  it("answers 404 in the contract's error shape when Inngest is not configured", async () => {
    const res = await GET(request(), { params: Promise.resolve({}) });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBe("req-inngest-1");
    const body = (await res.json()) as { error: { code: string; requestId: string } };
    expect(body.error).toMatchObject({ code: "not_found", requestId: "req-inngest-1" });
  });

  it("serves the app's functions to an Inngest dev server when INNGEST_DEV is set", async () => {
    process.env.INNGEST_DEV = "1";
    resetEnvForTests();
    const res = await GET(request(), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { mode?: string; function_count?: number };
    expect(body).toMatchObject({ mode: "dev", function_count: allJobs.length });
  });
});
