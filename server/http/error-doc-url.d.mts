export const ERROR_REFERENCE_PATH: "/docs/errors";
export function errorDocUrl(code: string): string;
