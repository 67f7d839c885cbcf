import * as z from "zod";

/** The agents' language model: an OpenAI-compatible chat-completions endpoint set by the operator. */
export type AgentModelSettings = {
  /** The API's base URL, ending before `/chat/completions` (e.g. https://api.openai.com/v1). */
  url: string;
  /** Sent as a bearer token; null for a local model that needs none. */
  apiKey: string | null;
  model: string;
  /** A call not answered by then fails the step (the runner retries it later). */
  timeoutMs: number;
  /** Millionths of a US dollar per million input (prompt) and output (completion) tokens. */
  priceInputPerMTokMicros: number;
  priceOutputPerMTokMicros: number;
};

/** How webhook actions reach the outside. */
export type AgentWebhookSettings = {
  timeoutMs: number;
  /** Bytes of a receiver's answer read at most; the rest is dropped. */
  maxResponseBytes: number;
  /** Test setting only: lets a webhook reach a loopback address over plain HTTP. */
  allowLoopback: boolean;
};

export type AgentsSettings = { model: AgentModelSettings | null; webhooks: AgentWebhookSettings };

export const DEFAULT_AGENT_WEBHOOKS: AgentWebhookSettings = {
  timeoutMs: 10_000,
  maxResponseBytes: 64 * 1024,
  allowLoopback: false,
};

const DEFAULT_MODEL_TIMEOUT_MS = 30_000;

const endpointUrl = z.string().superRefine((value, context) => {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    context.addIssue({ code: "custom", message: "must be a URL such as https://api.openai.com/v1" });
    return;
  }
  // Plain http stays allowed: the operator may run the model on the same machine or network.
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    context.addIssue({ code: "custom", message: "must start with https:// or http://" });
  } else if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    context.addIssue({ code: "custom", message: "must not carry a query, fragment or credentials" });
  }
});

const price = z.coerce
  .number({ message: "must be a whole number of millionths of a dollar per million tokens" })
  .int("must be a whole number of millionths of a dollar per million tokens")
  .min(0, "must be a whole number of millionths of a dollar per million tokens");

/** The AGENTS_* variables, part of the one schema in config.ts. */
export const agentsEnv = {
  AGENTS_LLM_URL: endpointUrl.optional(),
  AGENTS_LLM_API_KEY: z.string().min(1).optional(),
  AGENTS_LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  AGENTS_LLM_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds from 100 to 600000" })
    .int("must be a number of milliseconds from 100 to 600000")
    .min(100, "must be a number of milliseconds from 100 to 600000")
    .max(600_000, "must be a number of milliseconds from 100 to 600000")
    .optional(),
  AGENTS_LLM_PRICE_INPUT_PER_MTOK: price.optional(),
  AGENTS_LLM_PRICE_OUTPUT_PER_MTOK: price.optional(),
  AGENTS_WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds from 100 to 60000" })
    .int("must be a number of milliseconds from 100 to 60000")
    .min(100, "must be a number of milliseconds from 100 to 60000")
    .max(60_000, "must be a number of milliseconds from 100 to 60000")
    .optional(),
  AGENTS_WEBHOOK_ALLOW_LOOPBACK: z.enum(["1"], { message: "must be 1 or unset" }).optional(),
};

type AgentsEnv = z.infer<z.ZodObject<typeof agentsEnv>>;

const modelOptions = [
  "AGENTS_LLM_API_KEY",
  "AGENTS_LLM_MODEL",
  "AGENTS_LLM_TIMEOUT_MS",
  "AGENTS_LLM_PRICE_INPUT_PER_MTOK",
  "AGENTS_LLM_PRICE_OUTPUT_PER_MTOK",
] as const;

/** The settings, or the problem naming the variable. */
export function agentsSettings(e: AgentsEnv, test: boolean): AgentsSettings | string {
  if (e.AGENTS_WEBHOOK_ALLOW_LOOPBACK && !test) {
    return "AGENTS_WEBHOOK_ALLOW_LOOPBACK: only allowed with NODE_ENV=test";
  }
  const webhooks: AgentWebhookSettings = {
    ...DEFAULT_AGENT_WEBHOOKS,
    timeoutMs: e.AGENTS_WEBHOOK_TIMEOUT_MS ?? DEFAULT_AGENT_WEBHOOKS.timeoutMs,
    allowLoopback: e.AGENTS_WEBHOOK_ALLOW_LOOPBACK === "1",
  };
  if (!e.AGENTS_LLM_URL) {
    const stray = modelOptions.find((name) => e[name] !== undefined);
    if (stray) return `AGENTS_LLM_URL: required when ${stray} is set`;
    return { model: null, webhooks };
  }
  if (!e.AGENTS_LLM_MODEL) return "AGENTS_LLM_MODEL: required when AGENTS_LLM_URL is set";
  return {
    model: {
      url: e.AGENTS_LLM_URL.replace(/\/+$/, ""),
      apiKey: e.AGENTS_LLM_API_KEY ?? null,
      model: e.AGENTS_LLM_MODEL,
      timeoutMs: e.AGENTS_LLM_TIMEOUT_MS ?? DEFAULT_MODEL_TIMEOUT_MS,
      priceInputPerMTokMicros: e.AGENTS_LLM_PRICE_INPUT_PER_MTOK ?? 0,
      priceOutputPerMTokMicros: e.AGENTS_LLM_PRICE_OUTPUT_PER_MTOK ?? 0,
    },
    webhooks,
  };
}
