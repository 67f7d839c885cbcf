// jsdom ships no types; the server's renderer uses only its window (entry-server.tsx).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
