// A fetch wrapper, installed with configureClient({ fetch }), that records what the generated client sent
// and what Prism answered (status, Content-Type, the `sl-violations` header), for assertions and messages.

/** One Prism violation (`sl-violations` header or the `validation` member of a 422 problem body). */
export interface Violation {
  location?: string[];
  severity?: string;
  code?: string | number;
  message?: string;
}

/** One request/response exchange. */
export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** A short description of the body sent (text, FormData fields, Blob size and type). */
  requestBody: string;
  status: number;
  contentType: string | null;
  violations: Violation[];
}

/** Recording fetch and its log. */
export interface Recorder {
  fetch: typeof fetch;
  exchanges: Exchange[];
  /** Number of times `fetch` was called (proves the client used this runtime instance's configuration). */
  calls: () => number;
}

function describeBody(body: unknown): string {
  if (body === undefined || body === null) return '(none)';
  if (typeof body === 'string') return body.length > 600 ? `${body.slice(0, 600)}…` : body;
  if (body instanceof URLSearchParams) return `urlencoded ${body.toString()}`;
  if (body instanceof FormData) {
    const fields = [...body.entries()].map(([k, v]) => (typeof v === 'string' ? `${k}=${JSON.stringify(v)}` : `${k}=<Blob ${v.size} bytes ${v.type || 'untyped'}>`));
    return `multipart ${fields.join(', ')}`;
  }
  if (body instanceof Blob) return `<Blob ${body.size} bytes ${body.type || 'untyped'}>`;
  if (ArrayBuffer.isView(body) || body instanceof ArrayBuffer) return `<${body.byteLength} bytes>`;
  return Object.prototype.toString.call(body);
}

/** Parses an `sl-violations` header value (a JSON array); malformed values become one violation with the raw text. */
export function parseViolations(header: string | null): Violation[] {
  if (header === null || header === '') return [];
  try {
    const parsed = JSON.parse(header) as unknown;
    return Array.isArray(parsed) ? (parsed as Violation[]) : [{ message: header }];
  } catch {
    return [{ message: header }];
  }
}

/** Creates a recording fetch that forwards to the global fetch. */
export function createRecorder(): Recorder {
  const exchanges: Exchange[] = [];
  let count = 0;
  const recording = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    count++;
    const response = await globalThis.fetch(input, init);
    const requestHeaders: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      requestHeaders[name] = value;
    });
    exchanges.push({
      method: init.method ?? 'GET',
      url: String(input),
      requestHeaders,
      requestBody: describeBody(init.body),
      status: response.status,
      contentType: response.headers.get('content-type'),
      violations: parseViolations(response.headers.get('sl-violations')),
    });
    return response;
  };
  return { fetch: recording as typeof fetch, exchanges, calls: () => count };
}

/** Violations of the request (Prism rejected or flagged what the client sent). */
export function requestViolations(exchange: Exchange | undefined): Violation[] {
  return (exchange?.violations ?? []).filter((v) => v.location?.[0] === 'request' || v.location === undefined);
}

/** Violations of Prism's own mocked response (not the client's doing). */
export function responseViolations(exchange: Exchange | undefined): Violation[] {
  return (exchange?.violations ?? []).filter((v) => v.location?.[0] === 'response');
}

/** One-line rendering of a violation. */
export function formatViolation(v: Violation): string {
  return `[${v.severity ?? '?'}] ${(v.location ?? []).join('.')}: ${v.message ?? ''}${v.code === undefined ? '' : ` (${String(v.code)})`}`;
}

/** Multi-line rendering of an exchange for failure messages. */
export function formatExchange(e: Exchange | undefined): string {
  if (!e) return '  (no request was sent)';
  const headers = Object.entries(e.requestHeaders)
    .map(([k, v]) => `${k}: ${k === 'authorization' ? v.replace(/ .*/, ' …') : v}`)
    .join('; ');
  const lines = [
    `  request:  ${e.method} ${e.url}`,
    `  headers:  ${headers || '(none)'}`,
    `  body:     ${e.requestBody}`,
    `  response: ${e.status} ${e.contentType ?? '(no content type)'}`,
  ];
  if (e.violations.length > 0) lines.push('  violations:', ...e.violations.map((v) => `    ${formatViolation(v)}`));
  return lines.join('\n');
}
