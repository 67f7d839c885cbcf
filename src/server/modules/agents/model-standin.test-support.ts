// A local stand-in for an OpenAI-compatible chat-completions API at its HTTP boundary (POST
// <url>/chat/completions, JSON answers with token usage), scripted per test: each call takes the
// next reply queued with `reply`.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AgentModelSettings } from "#server/config-agents.ts";

export type StandinReply =
  /** A JSON object as the assistant's message, as a conforming model answers. */
  | { object: unknown; promptTokens?: number; completionTokens?: number }
  /** Any text as the assistant's message (a malformed reply). */
  | { text: string; promptTokens?: number; completionTokens?: number }
  /** No answer at all until the stand-in closes (a model slower than the time-out). */
  | { hang: true }
  /** An HTTP error from the API. */
  | { status: number; message: string };

export type StandinCall = {
  authorization: string | undefined;
  model: string;
  messages: { role: string; content: string }[];
  responseFormat: unknown;
};

export type ModelStandin = {
  url: string;
  apiKey: string;
  calls: StandinCall[];
  reply(reply: StandinReply): void;
  close(): Promise<void>;
};

/** The app's model settings pointing at the stand-in. */
export const modelSettingsOf = (
  standin: ModelStandin,
  overrides: Partial<AgentModelSettings> = {},
): AgentModelSettings => ({
  url: standin.url,
  apiKey: standin.apiKey,
  model: "standin-small",
  timeoutMs: 5_000,
  priceInputPerMTokMicros: 0,
  priceOutputPerMTokMicros: 0,
  ...overrides,
});

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startModelStandin(): Promise<ModelStandin> {
  const apiKey = `sk-standin-${randomBytes(8).toString("hex")}`;
  const queue: StandinReply[] = [];
  const calls: StandinCall[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      return answer(response, 404, { error: { message: "Not found", type: "invalid_request_error" } });
    }
    const body = JSON.parse(await readBody(request)) as {
      model: string;
      messages: { role: string; content: string }[];
      response_format?: unknown;
    };
    calls.push({
      authorization: request.headers.authorization,
      model: body.model,
      messages: body.messages,
      responseFormat: body.response_format,
    });
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return answer(response, 401, { error: { message: "Incorrect API key provided", type: "auth_error" } });
    }
    const next = queue.shift();
    if (!next)
      return answer(response, 500, { error: { message: "No reply scripted", type: "server_error" } });
    if ("hang" in next) return;
    if ("status" in next)
      return answer(response, next.status, { error: { message: next.message, type: "error" } });
    const content = "object" in next ? JSON.stringify(next.object) : next.text;
    const promptTokens = next.promptTokens ?? 100;
    const completionTokens = next.completionTokens ?? 20;
    answer(response, 200, {
      id: `chatcmpl-${randomBytes(6).toString("hex")}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      answer(response, 500, { error: { message: String(error), type: "server_error" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    calls,
    reply: (reply) => void queue.push(reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
