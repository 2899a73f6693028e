// HTTP helpers of the msw/node tests: one request, its answer read.
/** Fetches `url` and reads the answer: status, content type, and the body parsed when it is JSON. */
export const send = async (url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; type: string | null }> => {
  const res = await fetch(url, init);
  const type = res.headers.get('content-type');
  const text = await res.text();
  return { status: res.status, type, body: type?.includes('json') && text ? JSON.parse(text) : text };
};
/** A request with a JSON body. */
export const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
