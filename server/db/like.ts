/** A LIKE pattern for "begins with `q`": LIKE's wildcards in the term are literal characters. */
export function likePrefix(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
