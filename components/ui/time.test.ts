import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Time } from "./time";

// The server render is what the browser hydrates: it must not depend on the server's own zone,
// or hydration meets different text (a server in Los Angeles, a viewer in Kolkata). It shows UTC,
// named; the browser switches to the viewer's zone right after hydration (e2e/walk-time.spec.ts).
const AT = "2026-11-26T20:58:03.123Z";

describe("<Time> rendered on the server", () => {
  const saved = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = "America/Los_Angeles";
  });
  afterEach(() => {
    process.env.TZ = saved;
  });

  it("is the same in any server zone: UTC, named, with the exact instant on hover", () => {
    // The process's zone is Los Angeles: a render in it would say PST.
    expect(new Date(AT).getHours()).toBe(12);
    const html = renderToString(createElement(Time, { at: AT }));
    expect(html).toBe(
      '<time dateTime="2026-11-26T20:58:03.123Z" title="2026-11-26 20:58:03 UTC">Nov 26, 2026, 8:58:03 PM UTC</time>',
    );
    expect(renderToString(createElement(Time, { at: AT, format: "clock" }))).toContain(">8:58:03 PM UTC<");
    expect(renderToString(createElement(Time, { at: AT, format: "date" }))).toContain(
      'title="Nov 26, 2026, 8:58:03 PM UTC · 2026-11-26 20:58:03 UTC">Nov 26, 2026<',
    );
  });
});
