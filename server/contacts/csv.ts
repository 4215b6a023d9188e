/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it with a quote.
  const safe = /^[=+\-@]/.test(value) && !/^\+[0-9]+$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
