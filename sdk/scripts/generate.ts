// Writes the SDK's generated sources from the OpenAPI document: `npm run generate -w sdk`
// (or `npx tsx sdk/scripts/generate.ts` from the repository root).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateSdkSources } from "./generate-types";

const outDir = fileURLToPath(new URL("../src/generated/", import.meta.url));

for (const [name, text] of Object.entries(await generateSdkSources())) {
  writeFileSync(path.join(outDir, name), text);
  console.log(`wrote ${path.relative(process.cwd(), path.join(outDir, name))}`);
}
