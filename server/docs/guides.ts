import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

/** The reference moved out of the README (docs/*.md), listed on /docs and shown at /docs/guides/<name>. */
const DOCS_DIR = path.join(process.cwd(), "docs");

export interface Guide {
  name: string;
  title: string;
}

export async function listGuides(): Promise<Guide[]> {
  const files = (await readdir(DOCS_DIR).catch(() => [])).filter((f) => /^[a-z0-9-]+\.md$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(DOCS_DIR, file), "utf8");
      const name = file.replace(/\.md$/, "");
      return { name, title: /^# (.+)$/m.exec(text)?.[1] ?? name };
    }),
  );
}

/** The guide's markdown, or null for a name that is not a guide (never a path outside docs/). */
export async function readGuide(name: string): Promise<string | null> {
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  return readFile(path.join(DOCS_DIR, `${name}.md`), "utf8").catch(() => null);
}
