/** SMPP command_status values, how the carrier classifies them, and how they are described. */
import smpp from "smpp";

/** SMPP command_status values this module acts on (SMPP 3.4 §5.1.3). */
export const SmppStatusCode = {
  ESME_ROK: 0x00,
  ESME_RINVBNDSTS: 0x04,
  ESME_RSYSERR: 0x08,
  ESME_RINVDSTADR: 0x0b,
  ESME_RMSGQFUL: 0x14,
  ESME_RINVDSTTON: 0x50,
  ESME_RINVDSTNPI: 0x51,
  ESME_RTHROTTLED: 0x58,
  ESME_RX_T_APPN: 0x64,
  ESME_RINVDSTADDRSUBUNIT: 0x106,
} as const;

export const INVALID_DESTINATION = new Set<number>([
  SmppStatusCode.ESME_RINVDSTADR,
  SmppStatusCode.ESME_RINVDSTTON,
  SmppStatusCode.ESME_RINVDSTNPI,
  SmppStatusCode.ESME_RINVDSTADDRSUBUNIT,
]);
export const THROTTLED = new Set<number>([SmppStatusCode.ESME_RTHROTTLED, SmppStatusCode.ESME_RMSGQFUL]);
/** Errors of the SMSC itself, not of the message: try again later. */
export const TRANSIENT = new Set<number>([
  SmppStatusCode.ESME_RINVBNDSTS,
  SmppStatusCode.ESME_RSYSERR,
  SmppStatusCode.ESME_RX_T_APPN,
]);

const STATUS_NAMES = new Map<number, string>(Object.entries(smpp.errors).map(([name, code]) => [code, name]));

/** "ESME_RINVDSTADR (0x0000000B)" */
export function describeStatus(code: number): string {
  const hex = `0x${code.toString(16).toUpperCase().padStart(8, "0")}`;
  const name = STATUS_NAMES.get(code);
  return name ? `${name} (${hex})` : hex;
}
