import { describe, expect, it } from "vitest";
import { SignalGate } from "@/sdk/src/client";
import { buildOpenApiDocument } from "./document";
import { codeSamplesFor, SAMPLED_OPERATIONS } from "./code-samples";

function operations() {
  const ops = new Map<string, Record<string, unknown>>();
  for (const item of Object.values(buildOpenApiDocument().paths ?? {})) {
    for (const op of Object.values(item as Record<string, { operationId?: string }>)) {
      if (op && typeof op === "object" && op.operationId) ops.set(op.operationId, op as Record<string, unknown>);
    }
  }
  return ops;
}

describe("the API reference's code samples", () => {
  it("are written for operations the document has, and travel in it as x-codeSamples", () => {
    const ops = operations();
    for (const id of [...SAMPLED_OPERATIONS.sdk, ...SAMPLED_OPERATIONS.cli]) expect(ops.has(id), id).toBe(true);
    expect(ops.get("sendSms")!["x-codeSamples"]).toEqual(codeSamplesFor("sendSms"));
    expect(codeSamplesFor("sendSms").map((s) => s.label)).toEqual(["SDK (TypeScript)", "CLI"]);
    expect(ops.get("getHealth")!["x-codeSamples"]).toBeUndefined();
  });

  it("call SDK methods that exist", () => {
    const client = new SignalGate({ apiKey: "sg_test_x", dangerouslyAllowBrowser: true });
    for (const id of SAMPLED_OPERATIONS.sdk) {
      const source = codeSamplesFor(id)[0]!.source;
      const call = /client\.([\w.]+)\(/.exec(source.split("\n").slice(3).join("\n"));
      expect(call, id).not.toBeNull();
      let target: unknown = client;
      for (const part of call![1]!.split(".")) target = (target as Record<string, unknown>)[part];
      expect(typeof target, `${id}: client.${call![1]}`).toBe("function");
    }
  });

  it("use CLI commands the CLI documents", async () => {
    const { readFile } = await import("node:fs/promises");
    const readme = await readFile("cli/README.md", "utf8");
    for (const id of SAMPLED_OPERATIONS.cli) {
      const [, command] = /^signalgate (\w+(?: \w+)?)/.exec(codeSamplesFor(id).at(-1)!.source)!;
      const head = command!.split(" ")[0]!;
      expect(readme.includes(`\`${command}`) || readme.includes(`\`${head}`), `${id}: signalgate ${command}`).toBe(
        true,
      );
    }
  });
});
