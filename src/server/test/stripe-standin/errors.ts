/** An answer in Stripe's error shape: `{ error: { type, code, message, param } }` with its HTTP status. */
export class StandinError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(
    status: number,
    message: string,
    details: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
    this.status = status;
    this.type = details.type ?? "invalid_request_error";
    this.code = details.code;
    this.param = details.param;
  }

  toJSON() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StandinError(400, message, { param, code: code ?? (param ? "parameter_invalid" : undefined) });

export const missingParam = (param: string) =>
  new StandinError(400, `Missing required param: ${param}.`, { param, code: "parameter_missing" });

export const unknownParam = (param: string) =>
  new StandinError(400, `Received unknown parameter: ${param}`, { param, code: "parameter_unknown" });

export const noSuchObject = (object: string, id: string, param = "id") =>
  new StandinError(404, `No such ${object}: '${id}'`, { param, code: "resource_missing" });
