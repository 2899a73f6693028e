// The HTTP side of `reslayer mock`: node:http in front of MSW's own `getResponse(handlers, request)`.
// Why not @mswjs/http-middleware: its 0.10 line wraps the same call in an Express 4 server (a dependency
// tree of its own) and was written against msw 2; msw 3 exports `getResponse`, which is all a server needs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { GeneratorError } from '@reslayer/core';

/** The path that restores every store to its fixtures (`POST`). */
export const RESET_PATH = '/__reslayer/reset';

/** MSW's `getResponse` (msw 3, `msw` package root): the first handler's answer to a request, or undefined. */
export type GetResponse = (handlers: unknown[], request: Request) => Promise<Response | undefined>;

/** What the server answers with. */
export interface MockServerSpec {
  /** The MSW request handlers, in the order they are tried. */
  handlers: unknown[];
  /** MSW's `getResponse`, from the msw the handlers were made with. */
  getResponse: GetResponse;
  /** Restores every store to its fixtures; `POST /__reslayer/reset` calls it. */
  reset: () => void;
  /** Milliseconds to wait before every answer (0: none). */
  delayMs: number;
  /** Receives one line per request: method, path, status and milliseconds. */
  log: (line: string) => void;
}

/** Response headers every answer carries: any origin may call, with any method and header, and read any header. */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    'access-control-allow-origin': origin ?? '*',
    ...(origin ? { 'access-control-allow-credentials': 'true', vary: 'Origin' } : {}),
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-expose-headers': '*',
  };
}

/** The fetch `Request` of a Node request (its body read whole). */
async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const chunks: Buffer[] = [];
  if (method !== 'GET' && method !== 'HEAD') for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? '/', base), { method, headers, ...(body ? { body } : {}) });
}

/** Writes a fetch `Response` to the Node response, with the CORS headers added. */
async function send(res: ServerResponse, response: Response, cors: Record<string, string>): Promise<void> {
  const headers: Record<string, string | string[]> = { ...cors };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(body);
}

/** A JSON answer of the server itself (not of a handler). */
const own = (status: number, body: unknown): Response => (status === 204 ? new Response(null, { status }) : Response.json(body, { status }));

/**
 * The answer to one request: the preflight (204), the reset path, the first matching handler's answer, or a 404
 * naming the request when no handler matches; a handler that throws answers 500 with its message.
 */
async function answer(spec: MockServerSpec, req: IncomingMessage, base: string): Promise<Response> {
  const method = req.method ?? 'GET';
  const pathname = new URL(req.url ?? '/', base).pathname;
  if (method === 'OPTIONS' && req.headers['access-control-request-method']) return own(204, null);
  if (method === 'POST' && pathname === RESET_PATH) {
    spec.reset();
    return own(204, null);
  }
  try {
    const response = await spec.getResponse(spec.handlers, await toRequest(req, base));
    return response ?? own(404, { message: `no mock handler for ${method} ${pathname}`, hint: 'The contract has no operation at this method and path.' });
  } catch (error) {
    return own(500, { message: `the mock handler of ${method} ${pathname} threw: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/**
 * A node:http server that answers every request with the MSW handlers (see {@link MockServerSpec}): CORS on every
 * answer, `OPTIONS` preflights answered 204, `POST /__reslayer/reset` restores the stores, an unmatched request
 * answers 404 with a JSON message, and each request is logged as `GET /path 200 3 ms`.
 * @param spec the handlers, msw's `getResponse`, the reset, the delay and the log
 * @returns the server, not yet listening (see {@link listen})
 */
export function createMockServer(spec: MockServerSpec): Server {
  return createServer((req, res) => {
    const start = performance.now();
    const base = `http://${req.headers.host ?? 'localhost'}`;
    const run = async () => {
      if (spec.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, spec.delayMs));
      const response = await answer(spec, req, base);
      await send(res, response, corsHeaders(req));
      const ms = Math.round(performance.now() - start);
      spec.log(`${req.method ?? 'GET'} ${req.url ?? '/'} ${response.status} ${ms} ms`);
    };
    run().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
}

/** What each `listen` error means, for the message. */
const LISTEN_ERRORS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is in use',
  EACCES: 'the port needs privileges',
  EADDRNOTAVAIL: 'the host is not an address of this machine',
};

/**
 * Starts listening.
 * @param server the server of {@link createMockServer}
 * @param port the port (0: any free port)
 * @param host the address to listen on
 * @returns the port it listens on
 * @throws GeneratorError `RSL_MOCK_PORT_IN_USE` when it cannot listen there (in use, privileged, unknown host)
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why = LISTEN_ERRORS[error.code ?? ''];
      if (!why) return reject(error);
      reject(new GeneratorError('RSL_MOCK_PORT_IN_USE', `cannot listen on ${host}:${port}: ${why} (${error.code})`, { hint: 'Pass another --port, or stop the process that listens on it.', cause: error }));
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
