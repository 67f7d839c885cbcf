// The webhook action against a real receiver on this machine: Standard Webhooks signatures a
// receiver verifies with the standardwebhooks library, refusal of every address that is not on
// the public internet, the time-out and the response size cap.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_AGENT_WEBHOOKS } from "#server/config-agents.ts";
import type { Database } from "#server/db/client.ts";
import { createEmit } from "#server/modules/log/log.service.ts";
import { createTestDatabase } from "#server/test/harness.ts";
import type { AgentDeps, PlanContext, StepRef } from "./agent-engine.types.ts";
import { currentReader } from "./agent-plan-context.ts";
import { newWebhookSecret, webhookAction } from "./agent-webhook.action.ts";
import { WebhookRefused } from "./agent-webhook-address.ts";
import { agent } from "./agents.tables.ts";

type Delivery = { headers: Record<string, string>; body: string };
type Receiver = {
  url: string;
  deliveries: Delivery[];
  answer: (request: IncomingMessage, response: ServerResponse) => void;
  close(): Promise<void>;
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    deliveries: [],
    answer: (_request, response) => {
      response.writeHead(204);
      response.end();
    },
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    receiver.deliveries.push({
      headers: request.headers as Record<string, string>,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    receiver.answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/commons?token=abc`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanups.push(() => receiver.close());
  return receiver;
}

async function setUp(webhooks: Partial<AgentDeps["webhooks"]> = {}, closeWith = cleanups) {
  const testDatabase = await createTestDatabase();
  const database: Database = await testDatabase.open();
  closeWith.push(async () => {
    await database.close();
    await testDatabase.dispose();
  });
  const secret = newWebhookSecret();
  const communityId = randomUUID();
  const agentId = randomUUID();
  const now = new Date();
  await database.db.insert(agent).values({
    id: agentId,
    communityId,
    name: "Tell the CRM",
    definition: {
      trigger: { kind: "member_joined" },
      conditions: {},
      actions: [{ kind: "webhook", url: "https://crm.example.org/hooks" }],
      approvalMode: "act",
      limits: { messagesPerRun: 10, messagesPerDay: 10 },
    },
    approvalMode: "act",
    status: "on",
    webhookSecret: secret,
    createdBy: randomUUID(),
    createdAt: now,
    updatedAt: now,
  });
  const deps: AgentDeps = {
    db: database.db,
    emit: createEmit({ clock: () => new Date() }),
    clock: () => new Date(),
    appUrl: "http://localhost:3000",
    authSecret: "x".repeat(32),
    model: null,
    webhooks: { ...DEFAULT_AGENT_WEBHOOKS, ...webhooks },
    log: () => {},
  };
  const ctx: PlanContext = {
    agent: { id: agentId, communityId, name: "Tell the CRM", definition: {} as never, webhookSecret: secret },
    trigger: {
      kind: "member_joined",
      key: "log:42",
      communityId,
      occurredAt: "2026-11-20T10:00:00.000Z",
      log: { position: 42, txId: 7, type: "member.joined", payload: {} },
      subjectUserId: "user-ada",
      membershipId: "membership-ada",
      eventId: null,
      registrationId: null,
      paymentId: null,
    },
    community: {
      id: communityId,
      name: "Makers",
      slug: "makers",
      timeZone: "Europe/Berlin",
      link: "http://localhost:3000/c/makers",
    },
    member: {
      userId: "user-ada",
      membershipId: "membership-ada",
      name: "Ada Lovelace",
      firstName: "Ada",
      email: "ada@example.test",
      tags: ["new"],
    },
    event: null,
    registration: null,
    joinAnswers: "I make looms",
    reader: currentReader(database.db, communityId),
  };
  /** Plans the webhook to `url` and returns the step as the runner would hand it over. */
  async function planStep(url: string): Promise<StepRef> {
    const [planned] = await webhookAction.plan(deps, ctx, { kind: "webhook", url });
    if (!planned) throw new Error("expected one step");
    return {
      runId: randomUUID(),
      stepId: randomUUID(),
      index: 0,
      agentId,
      communityId,
      input: planned.input,
    };
  }
  return { deps, ctx, secret, agentId, planStep };
}

describe("the webhook action", () => {
  it("delivers the run signed with the agent's secret, which the receiver verifies with standardwebhooks", async () => {
    const receiver = await startReceiver();
    const { deps, ctx, secret, agentId, planStep } = await setUp({ allowLoopback: true });
    const step = await planStep(receiver.url);
    const [planned] = await webhookAction.plan(deps, ctx, {
      kind: "webhook",
      url: "https://crm.example.org/hooks?token=secret",
    });
    expect(planned?.summary).toBe("Send the run to the webhook at https://crm.example.org/hooks");
    expect(planned?.messages).toBe(0);

    const external = await (webhookAction.external?.(deps, step) ?? Promise.reject(new Error("no external")));
    expect(external).toMatchObject({ status: 204, truncated: false });

    const [delivery] = receiver.deliveries;
    if (!delivery) throw new Error("nothing delivered");
    expect(delivery.headers["webhook-id"]).toBe(step.stepId);
    const payload = new Webhook(secret).verify(delivery.body, delivery.headers) as {
      type: string;
      timestamp: string;
      data: { agent: { id: string }; trigger: Record<string, unknown>; run: { id: string } };
    };
    expect(payload.type).toBe("agent.run");
    expect(payload.timestamp).toBe("2026-11-20T10:00:00.000Z");
    expect(payload.data.agent).toEqual({ id: agentId, name: "Tell the CRM" });
    expect(payload.data.run.id).toBe(step.runId);
    expect(payload.data.trigger).toMatchObject({
      kind: "member_joined",
      type: "member.joined",
      member: { id: "user-ada", name: "Ada Lovelace", email: "ada@example.test", tags: ["new"] },
    });
    // A forged or altered delivery fails verification.
    expect(() => new Webhook(newWebhookSecret()).verify(delivery.body, delivery.headers)).toThrow();
    expect(() => new Webhook(secret).verify(delivery.body.replace("Ada", "Eve"), delivery.headers)).toThrow();

    const applied = await webhookAction.apply(deps.db, deps, step, external);
    expect(applied.undo).toBeNull();
    expect(applied.output).toMatchObject({ url: receiver.url, status: 204 });
    expect(typeof applied.output.durationMs).toBe("number");
  });

  it("fails on an error answer, and a retry carries the same webhook-id so the receiver can drop a repeat", async () => {
    const receiver = await startReceiver();
    const { deps, planStep } = await setUp({ allowLoopback: true });
    const step = await planStep(receiver.url);
    receiver.answer = (_request, response) => {
      response.writeHead(500);
      response.end("down");
    };
    await expect(webhookAction.external?.(deps, step)).rejects.toThrow("The webhook answered HTTP 500.");
    receiver.answer = (_request, response) => {
      response.writeHead(200);
      response.end("ok");
    };
    await expect(webhookAction.external?.(deps, step)).resolves.toMatchObject({ status: 200 });
    expect(receiver.deliveries.map((d) => d.headers["webhook-id"])).toEqual([step.stepId, step.stepId]);
  });

  const sharedCleanups: (() => Promise<void>)[] = [];
  let shared: ReturnType<typeof setUp> | undefined;
  afterAll(async () => {
    for (const cleanup of sharedCleanups.splice(0)) await cleanup();
  });
  it.each([
    ["https://127.0.0.1/hook", /resolves to 127\.0\.0\.1, which is not a public address/],
    ["https://10.1.2.3/hook", /resolves to 10\.1\.2\.3/],
    ["https://169.254.169.254/latest/meta-data", /resolves to 169\.254\.169\.254/],
    ["https://[::1]/hook", /resolves to ::1/],
    ["https://[fd12:3456::1]/hook", /resolves to fd12:3456::1/],
    ["https://100.64.0.7/hook", /resolves to 100\.64\.0\.7/],
    ["https://[::ffff:127.0.0.1]/hook", /which is not a public address/],
    ["https://localhost/hook", /host localhost resolves to (127\.0\.0\.1|::1)/],
  ])("refuses to call %s", async (url, message) => {
    // One database for all of these: the refusals read only the agent's secret.
    shared ??= setUp({}, sharedCleanups);
    const { deps, planStep } = await shared;
    const step = await planStep(url);
    const call = webhookAction.external?.(deps, step);
    await expect(call).rejects.toThrow(WebhookRefused);
    await expect(call).rejects.toThrow(message);
  });

  it("refuses plain http, and with the loopback test setting still refuses private addresses", async () => {
    const { planStep } = await setUp();
    await expect(planStep("http://crm.example.org/hooks")).rejects.toThrow(
      "The webhook's URL must start with https://.",
    );
    await expect(planStep("http://127.0.0.1:8080/hooks")).rejects.toThrow(/must start with https/);
    await expect(planStep("https://user:pw@crm.example.org/hooks")).rejects.toThrow(/credentials/);

    const loopback = await setUp({ allowLoopback: true });
    await expect(loopback.planStep("http://10.0.0.8/hooks")).rejects.toThrow(/must start with https/);
    const step = await loopback.planStep("https://10.0.0.8/hooks");
    await expect(webhookAction.external?.(loopback.deps, step)).rejects.toThrow(/resolves to 10\.0\.0\.8/);
  });

  it("gives up on a receiver slower than the time-out", async () => {
    const receiver = await startReceiver();
    receiver.answer = () => {};
    const { deps, planStep } = await setUp({ allowLoopback: true, timeoutMs: 300 });
    const step = await planStep(receiver.url);
    const started = Date.now();
    await expect(webhookAction.external?.(deps, step)).rejects.toThrow(
      "The webhook did not answer within 300 ms.",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reads no more of an answer than the cap", async () => {
    const receiver = await startReceiver();
    receiver.answer = (_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("x".repeat(1024 * 1024));
    };
    const { deps, planStep } = await setUp({ allowLoopback: true, maxResponseBytes: 1024 });
    const step = await planStep(receiver.url);
    await expect(webhookAction.external?.(deps, step)).resolves.toMatchObject({
      status: 200,
      responseBytes: 1024,
      truncated: true,
    });
  });
});
