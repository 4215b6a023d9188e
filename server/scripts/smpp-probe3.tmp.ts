import { performance } from "node:perf_hooks";
import { SmppCarrier } from "../carriers/smpp/smpp-carrier";
import { TestSmsc } from "../carriers/smpp/test-smsc";
import { waitFor } from "../carriers/smpp/test-helpers";
import { closeDb, ensureMigrated, getDb } from "../db/client";
import { newId } from "../ids";
import { receiveSmppInbound } from "../inbound/smpp-inbound";
async function main() {
  await ensureMigrated();
  const id = newId("org");
  await getDb().organization.create({ data: { id, name: "p" } });
  await getDb().phoneNumber.create({ data: { number: "+13035550100", organizationId: id } });
  const smsc = await TestSmsc.start({ systemId: "p", password: "p" });
  let calls = 0,
    busy = 0;
  const c = new SmppCarrier({
    url: smsc.url,
    systemId: "p",
    password: "p",
    onReceipt: () => {},
    onInbound: async (mo) => {
      calls++;
      const t = performance.now();
      await receiveSmppInbound(mo);
      busy += performance.now() - t;
    },
  });
  await c.start();
  await waitFor(() => c.state().status === "bound");
  const N = 3000;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < N) {
        next++;
        await smsc.sendMo({ from: "447700900123", to: "13035550100", userData: Buffer.from("hi"), dataCoding: 0 });
      }
    }),
  );
  console.log("db", Math.round(N / ((performance.now() - start) / 1000)), calls, Math.round(busy / calls), "ms avg");
  await c.stop();
  await smsc.close();
  await closeDb();
}
void main();
