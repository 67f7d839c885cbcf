/**
 * Yoga answers with its own Response class. @hono/node-server writes only its own responses
 * directly; any other it reads through a web stream and, when the first read is not ready at once,
 * waits a timer tick: per GraphQL request a stream, a timer and a millisecond or more (decision
 * 010). A JSON answer is complete anyway, so it is handed over as a string. Anything else (a
 * stream of results, should one ever be sent) passes through unchanged.
 */
export async function bufferedResponse(response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !/json/.test(type)) return response;
  return new Response(await response.text(), {
    status: response.status,
    statusText: response.statusText,
    headers: new Headers(response.headers),
  });
}
