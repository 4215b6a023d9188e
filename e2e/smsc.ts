// A standalone SMSC for the browser tests (started by playwright.config.ts before the app): the
// test SMSC on loopback, answering every submit_sm and sending a DELIVRD receipt shortly after.
// Run with `node --import tsx e2e/smsc.ts`; stops on SIGTERM/SIGINT.
import { TestSmsc } from "../server/carriers/smpp/test-smsc";

const port = Number(process.env.SMSC_PORT ?? 3109);
const smsc = await TestSmsc.start({
  port,
  systemId: process.env.SMSC_SYSTEM_ID ?? "e2e",
  password: process.env.SMSC_PASSWORD ?? "e2e-pw",
  receiptAfterMs: Number(process.env.SMSC_RECEIPT_AFTER_MS ?? 500),
});
console.log(`test SMSC listening on ${smsc.url}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    void smsc.close().finally(() => process.exit(0));
  });
}
