export function isDecodablePath(url: string | undefined): boolean;
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string;
export function refuseMalformedPath(
  req: { url?: string; headers: Record<string, string | string[] | undefined> },
  res: { writeHead(status: number, headers: Record<string, string>): unknown; end(body: string): unknown },
): boolean;
