export function queuedConnections(port: number): Promise<number | null>;
