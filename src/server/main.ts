import { createServer } from "node:http";
import { createServerApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const server = await createServerApp(config);
  const http = createServer(server.listener);
  http.listen(config.port, config.host, () => {
    console.log(
      `Commons is running at ${config.appUrl} (listening on ${config.host}:${config.port}, database: ${server.database.kind}${
        config.smtpUrl ? "" : ", mail printed to this log"
      })`,
    );
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    http.close();
    void server.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

await main();
