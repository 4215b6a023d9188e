import type { IncomingMessage, ServerResponse } from "node:http";

export function isShortLinkRequest(req: IncomingMessage): boolean;
export function serveShortLink(req: IncomingMessage, res: ServerResponse): Promise<void>;
