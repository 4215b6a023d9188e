import semver from "semver";

/** The parts of package-lock.json (lockfileVersion 3) an engine check reads. */
export interface LockPackage {
  version?: string;
  link?: boolean;
  resolved?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
export interface Lockfile {
  packages: Record<string, LockPackage>;
}

export interface EngineProblem {
  /** The lockfile location, e.g. node_modules/@scalar/api-reference-react. */
  location: string;
  version: string;
  needs: string;
  /** The Node versions it refuses, of those checked. */
  refuses: string[];
  /** How it is reached from the importer: direct dependency first. */
  via: string[];
}

/** Where `name` resolves from `location`, as Node looks it up: the nearest node_modules folder upwards. */
function resolveFrom(lock: Lockfile, location: string, name: string): string | null {
  let at = location;
  for (;;) {
    const candidate = at === "" ? `node_modules/${name}` : `${at}/node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (at === "") return null;
    const cut = at.lastIndexOf("/node_modules/");
    at = cut < 0 ? "" : at.slice(0, cut);
  }
}

/** npm installs no package for another platform (os, cpu), so it never warns about one. */
function installedHere(pkg: LockPackage): boolean {
  const fits = (list: string[] | undefined, value: string) =>
    !list || list.some((e) => e === value || (e.startsWith("!") ? e.slice(1) !== value : false));
  return fits(pkg.os, process.platform) && fits(pkg.cpu, process.arch);
}

/**
 * Every package npm would install for `importer` ("" for the app, "sdk", "cli"), its own dev
 * dependencies included when asked, whose engines.node refuses one of `nodeVersions`: what `npm ci`
 * reports as EBADENGINE on those versions.
 */
export function engineProblems(
  lock: Lockfile,
  importer: string,
  nodeVersions: readonly string[],
  { dev = false } = {},
): EngineProblem[] {
  const root = lock.packages[importer];
  if (!root) throw new Error(`no importer "${importer}" in the lockfile`);
  const problems: EngineProblem[] = [];
  const seen = new Set<string>();
  const queue: { location: string; via: string[] }[] = [{ location: importer, via: [] }];
  while (queue.length > 0) {
    const { location, via } = queue.shift()!;
    let pkg = lock.packages[location]!;
    if (pkg.link && pkg.resolved !== undefined) pkg = lock.packages[pkg.resolved] ?? pkg;
    const needs = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
    if (needs && location !== importer) {
      const refuses = nodeVersions.filter((v) => !semver.satisfies(v, needs));
      if (refuses.length > 0) problems.push({ location, version: pkg.version ?? "", needs, refuses, via });
    }
    const optionalPeers = new Set(
      Object.entries(pkg.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([name]) => name),
    );
    const names = [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}).filter((n) => !optionalPeers.has(n)),
      ...(dev && location === importer ? Object.keys(pkg.devDependencies ?? {}) : []),
    ];
    const from = pkg.link && pkg.resolved !== undefined ? pkg.resolved : location;
    for (const name of names) {
      const target = resolveFrom(lock, from, name);
      if (!target || seen.has(target) || !installedHere(lock.packages[target]!)) continue;
      seen.add(target);
      queue.push({ location: target, via: [...via, name] });
    }
  }
  return problems;
}
