// The machine's limit for the request-path ladder: a bare node:http server in its own process,
// answering every request with a small text body. Prints its port on stdout once listening.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
  response.end("ok");
});
server.listen(0, "127.0.0.1", () => {
  console.log(`BARE_READY ${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
