// User C of bench:fairness, in a process of its own so that nothing the importing side does
// (building and sending 63 MB) delays C's requests on the client side: GET `path` every
// `everyMs` until the parent says "stop", then send back every latency and error.
import process from 'node:process';

const [url, token, path, everyMs] = process.argv.slice(2);
const latencies = [];
const errors = [];
let stopping = false;
process.on('message', (message) => {
  if (message === 'stop') stopping = true;
});
while (!stopping) {
  const start = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    if (res.status !== 200) errors.push(String(res.status));
  } catch (error) {
    errors.push(error.message);
  }
  const took = performance.now() - start;
  latencies.push(took);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(everyMs) - took)));
}
process.send({ latencies, errors }, () => process.exit(0));
