import { chmodSync, mkdirSync, unlinkSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import * as z from "zod";

/**
 * DATA_DIR's control socket: the one process that has the embedded database open listens on it,
 * so a backup asks that process for a snapshot instead of opening the directory a second time
 * (PGlite has no lock of its own; two processes on one directory corrupt it). A Unix socket in
 * DATA_DIR is reachable only by who can write there, and never from the network. Decision 037.
 */
export const CONTROL_SOCKET = "control.sock";

// Linux allows 108 bytes in a socket's path, macOS 104; a little below both.
const MAX_SOCKET_PATH = 100;

const requestSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("ping") }),
  z.object({ op: z.literal("snapshot"), stagingDir: z.string().min(1) }),
]);
export type ControlRequest = z.infer<typeof requestSchema>;
export type ControlAnswer = { ok: true; result: unknown } | { ok: false; message: string };

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET);
}

/** Null when DATA_DIR's path leaves no room for the socket's name. */
export function socketPathProblem(dataDir: string): string | null {
  const where = controlSocketPath(dataDir);
  return Buffer.byteLength(where) > MAX_SOCKET_PATH
    ? `DATA_DIR's path is too long for its control socket (${where}): at most ${MAX_SOCKET_PATH - CONTROL_SOCKET.length - 1} characters`
    : null;
}

/** Sends one request to whoever listens on DATA_DIR's socket; null when nobody does. */
export function askControlSocket(dataDir: string, request: ControlRequest): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.end(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // No socket, or a socket file left by a process that died: nobody has the directory open.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    socket.on("close", (hadError) => {
      if (hadError) return;
      try {
        resolve(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new Error(`the process on ${controlSocketPath(dataDir)} answered something unreadable`));
      }
    });
  });
}

export type ControlSocket = {
  /** Answers requests with `handle` from now on; until then they are told the process is starting. */
  serve(handle: (request: ControlRequest) => Promise<unknown>): void;
  close(): Promise<void>;
};

/**
 * Claims DATA_DIR for this process: listens on its control socket, or returns why it cannot (the
 * path is too long, or another process answers there and so has the directory open). A socket
 * file nobody answers on is what a killed process leaves behind; it is replaced.
 */
export async function claimControlSocket(dataDir: string): Promise<ControlSocket | { refused: string }> {
  const tooLong = socketPathProblem(dataDir);
  if (tooLong) return { refused: tooLong };
  mkdirSync(dataDir, { recursive: true });
  const where = controlSocketPath(dataDir);
  const other = await askControlSocket(dataDir, { op: "ping" }).catch(() => null);
  if (other) {
    return {
      refused: `Another process has ${dataDir} open (it answers on ${where}): stop it first, or set DATA_DIR to another directory.`,
    };
  }
  try {
    unlinkSync(where);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  let handler: ((request: ControlRequest) => Promise<unknown>) | null = null;
  const answer = async (line: string): Promise<ControlAnswer> => {
    let request: ControlRequest;
    try {
      request = requestSchema.parse(JSON.parse(line));
    } catch {
      return { ok: false, message: "unreadable request" };
    }
    if (request.op === "ping") return { ok: true, result: { pid: process.pid } };
    if (!handler) return { ok: false, message: "the server is still starting; try again in a moment" };
    try {
      return { ok: true, result: await handler(request) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
  const server: Server = createServer({ allowHalfOpen: true }, (socket: Socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("end", () => {
      void answer(received.trim()).then((reply) => socket.end(JSON.stringify(reply)));
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(where, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(where, 0o600);
  server.unref();
  return {
    serve(handle) {
      handler = handle;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Closing the server removes its socket file.
        server.close(() => resolve());
      }),
  };
}
