import { performance } from "node:perf_hooks";
import { SmppCarrier } from "../carriers/smpp/smpp-carrier";
import { TestSmsc } from "../carriers/smpp/test-smsc";
import { waitFor } from "../carriers/smpp/test-helpers";
async function main() {
  const smsc = await TestSmsc.start({ systemId: "p", password: "p" });
  const delay = Number(process.env.D ?? 3);
  const c = new SmppCarrier({
    url: smsc.url,
    systemId: "p",
    password: "p",
    onReceipt: () => {},
    onInbound: () => new Promise((r) => setTimeout(r, delay)),
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
  console.log("delay", delay, Math.round(N / ((performance.now() - start) / 1000)));
  await c.stop();
  await smsc.close();
}
void main();
