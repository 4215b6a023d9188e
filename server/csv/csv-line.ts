/**
 * Every CSV the service produces (contract §12, Input): a cell a spreadsheet could run as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading `'`, except a cell that is
 * exactly a phone number in E.164 (`+` and digits), which stays as it is.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^\+[0-9]+$/.test(value) ? `'${value}` : value;
  // RFC 4180: quoted when it holds a comma, quote or line break.
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: string[], eol = "\r\n"): string {
  return `${values.map(csvField).join(",")}${eol}`;
}
