/**
 * An import row's error as text and the refused value, the value shown once (issue 39): most
 * messages begin with it ("4155550204 is a local number…"), and the value is then marked where it
 * stands instead of shown again in front of the message.
 */
export function rowErrorParts(e: { message: string; value?: string }): { text: string; value?: true }[] {
  if (e.value === undefined || e.value === "") return [{ text: e.message }];
  const at = e.message.indexOf(e.value);
  if (at < 0) return [{ text: e.value, value: true }, { text: ` ${e.message}` }];
  return [
    ...(at > 0 ? [{ text: e.message.slice(0, at) }] : []),
    { text: e.value, value: true as const },
    { text: e.message.slice(at + e.value.length) },
  ];
}
