// Config `dates: 'Date'` (experimental), end to end: the demo and a small contract with `date` fields are generated
// with the option, without validators and with zod and valibot; the output (with a type-level probe) type-checks
// under TypeScript 5.9 and 7; at run time the client returns `Date`s, through the runtime's date shapes
// (`validate` off) and through the schemas' transforms (`validate: 'both'`), the same values either way, and a
// request sends `date` fields as `YYYY-MM-DD` and `date-time` fields as ISO 8601 strings.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setupServer } from 'msw/node';
import type { HttpHandler } from 'msw';
import { clearValidators, configureClient, resetClientConfig, type ValidateMode } from '@reslayer/runtime';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '@reslayer/plugin-mocks/naming';
import { validatorNaming } from '@reslayer/plugin-validators/naming';
import { COMPILER_LIST, typecheckProject } from '../../../test/utils/typecheck.js';
import { DEMO_CONTRACT, generateLayer, importModule, OUT, type AnySchema } from './helpers.js';

type Library = 'zod' | 'valibot' | 'none';
const VARIANTS: Library[] = ['none', 'zod', 'valibot'];
type Client = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** A contract with `date` and `date-time` fields in a request body, a query parameter and a recursive response. */
const EVENTS = `openapi: 3.1.0
info: { title: Events, version: '1' }
paths:
  /events:
    get:
      operationId: listEvents
      parameters:
        - { name: since, in: query, schema: { type: string, format: date } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Event' } } } } }
    post:
      operationId: createEvent
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
      responses:
        '201': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
components:
  schemas:
    Event:
      type: object
      required: [day, at]
      properties:
        day: { type: string, format: date }
        at: { type: string, format: date-time }
        children: { type: array, items: { $ref: '#/components/schemas/Event' } }
`;

/** Type-level probe of the demo output: `Date` fields take a `Date`, and a string no longer. */
const DEMO_PROBE = `import type { Contact } from './shared/api/generated/components.types.js';
import type { GetDashboardSummaryResponse } from './shared/api/generated/dashboardSummary/index.js';
export const contact: Contact = { id: 'c1', email: 'a@example.test', firstName: 'A', lastName: 'L', status: 'lead', createdAt: new Date() };
// @ts-expect-error a date-time field is a Date, not a string
export const stringDate: Contact = { ...contact, createdAt: '2024-01-01T00:00:00.000Z' };
export const year = (s: GetDashboardSummaryResponse): number => s.generatedAt.getUTCFullYear();
`;

function expectTypechecks(outDir: string): void {
  const result = typecheckProject(outDir);
  for (const [label] of COMPILER_LIST) expect({ label, errors: result[label]?.errors }).toEqual({ label, errors: [] });
}

async function loadClient(srcDir: string, resource: string, library: Library): Promise<Client> {
  const r = { resource };
  if (library !== 'none') await importModule(path.join(srcDir, validatorNaming.schemasFile(r)));
  return (await importModule(path.join(srcDir, clientNaming.clientFile(r))))[clientNaming.clientObject(r)] as Client;
}

const modes = (library: Library): ValidateMode[] => (library === 'none' ? ['off'] : ['off', 'both']);

afterEach(() => {
  resetClientConfig();
  clearValidators();
});

describe.each(VARIANTS)("dates: 'Date', validators: %s", (library) => {
  const options = library === 'none' ? false : { library };

  it('the demo type-checks with Date fields (probe included), and its client returns Dates from the MSW mocks', async () => {
    const { outDir, srcDir } = await generateLayer(`dates-demo-${library}`, DEMO_CONTRACT, options, { dates: 'Date' });
    expect(readFileSync(path.join(srcDir, 'shared/api/generated/components.types.ts'), 'utf8')).toMatch(/createdAt: Date;/);
    expect(readFileSync(path.join(srcDir, 'shared/mocks/contacts/contacts.fixtures.ts'), 'utf8')).toContain("createdAt: new Date('2024-01-01T00:00:00.000Z'),");
    writeFileSync(path.join(srcDir, 'probe.ts'), DEMO_PROBE, 'utf8');
    expectTypechecks(outDir);

    const server = setupServer();
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const results: unknown[] = [];
      for (const resource of ['contacts', 'dashboardSummary']) {
        const mocks = await importModule(path.join(srcDir, mocksNaming.indexFile({ resource })));
        server.resetHandlers(...(mocks[mocksNaming.handlersFactory({ resource })] as (o: { baseUrl: string }) => HttpHandler[])({ baseUrl: 'http://localhost' }));
        const client = await loadClient(srcDir, resource, library);
        for (const validate of modes(library)) {
          configureClient({ baseUrl: 'http://localhost', validate });
          if (resource === 'contacts') {
            const list = (await client['listContacts']?.()) as { items: Array<{ id: string; createdAt: unknown }> };
            expect(list.items.length).toBeGreaterThan(0);
            for (const item of list.items) expect(item.createdAt).toBeInstanceOf(Date);
            const one = (await client['getContact']?.(list.items[0]?.id)) as { createdAt: Date };
            expect(one.createdAt).toBeInstanceOf(Date);
            expect(one.createdAt.toISOString()).toBe('2024-01-01T00:00:00.000Z');
            results.push({ validate, list, one });
          } else {
            const summary = (await client['getDashboardSummary']?.()) as { generatedAt: unknown };
            expect(summary.generatedAt).toBeInstanceOf(Date);
            results.push({ validate, summary });
          }
        }
      }
      // Decoded by the runtime (off) or by the schemas (both): the same values.
      if (library !== 'none') {
        const strip = (r: unknown) => ({ ...(r as object), validate: undefined });
        expect(strip(results[1])).toEqual(strip(results[0]));
        expect(strip(results[3])).toEqual(strip(results[2]));
      }
    } finally {
      server.close();
    }
  });

  it('the mocks answer a date field as YYYY-MM-DD (the fixture holds a Date), which the response schema accepts', async () => {
    const contract = path.join(OUT, 'dates-events.yaml');
    mkdirSync(OUT, { recursive: true });
    writeFileSync(contract, EVENTS, 'utf8');
    const { outDir, srcDir } = await generateLayer(`dates-events-mocks-${library}`, contract, options, { dates: 'Date' });
    expectTypechecks(outDir);
    const mocks = await importModule(path.join(srcDir, mocksNaming.indexFile({ resource: 'events' })));
    const server = setupServer(...(mocks[mocksNaming.handlersFactory({ resource: 'events' })] as (o: { baseUrl: string }) => HttpHandler[])({ baseUrl: 'http://localhost' }));
    server.listen({ onUnhandledFrame: 'error' });
    try {
      const wire = (await (await fetch('http://localhost/events')).json()) as Array<{ day: unknown; at: unknown }>;
      expect(wire.length).toBeGreaterThan(0);
      for (const e of wire) expect([typeof e.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(e.day), typeof e.at === 'string' && e.at.includes('T')]).toEqual([true, true]);
      const client = await loadClient(srcDir, 'events', library);
      for (const validate of modes(library)) {
        configureClient({ baseUrl: 'http://localhost', validate });
        const listed = (await client['listEvents']?.()) as Array<{ day: unknown }>;
        for (const e of listed) expect(e.day).toBeInstanceOf(Date);
      }
    } finally {
      server.close();
    }
  });

  it('sends date fields as YYYY-MM-DD and date-time fields as ISO strings, and decodes a recursive response', async () => {
    const contract = path.join(OUT, 'dates-events.yaml');
    mkdirSync(OUT, { recursive: true });
    writeFileSync(contract, EVENTS, 'utf8');
    const { outDir, srcDir } = await generateLayer(`dates-events-${library}`, contract, options, { dates: 'Date', mocks: false });
    expectTypechecks(outDir);
    const client = await loadClient(srcDir, 'events', library);
    const wire = { day: '2024-05-01', at: '2024-05-01T10:20:30.000Z', children: [{ day: '2024-05-02', at: '2024-05-02T00:00:00Z' }] };
    const sent: Array<{ url: string; body: unknown }> = [];
    const values: unknown[] = [];
    for (const validate of modes(library)) {
      configureClient({
        baseUrl: 'http://localhost',
        validate,
        fetch: async (input: string | URL | Request, init: RequestInit = {}) => {
          sent.push({ url: String(input), body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
          return Response.json(init.method === 'POST' ? wire : [wire], { status: init.method === 'POST' ? 201 : 200 });
        },
      });
      const created = (await client['createEvent']?.({ day: new Date('2024-05-01'), at: new Date('2024-05-01T10:20:30Z') })) as { day: Date; at: Date; children: Array<{ day: Date; at: Date }> };
      expect(sent.at(-1)?.body).toEqual({ day: '2024-05-01', at: '2024-05-01T10:20:30.000Z' });
      expect(created.day).toEqual(new Date('2024-05-01'));
      expect(created.at).toEqual(new Date('2024-05-01T10:20:30.000Z'));
      expect(created.children[0]?.at).toEqual(new Date('2024-05-02T00:00:00Z'));
      const listed = await client['listEvents']?.({ since: new Date('2024-04-30') });
      expect(sent.at(-1)?.url).toBe('http://localhost/events?since=2024-04-30');
      values.push(created, listed);
    }
    if (library !== 'none') expect(values.slice(2)).toEqual(values.slice(0, 2));
    if (library !== 'none') {
      // The request schema checks the Date objects the client is given, before they are encoded.
      const schemas = await importModule(path.join(srcDir, validatorNaming.schemasFile({ resource: 'events' })));
      const check = (value: unknown) => (schemas['CreateEventPayloadSchema'] as AnySchema)['~standard'].validate(value);
      expect((await check({ day: new Date('2024-05-01'), at: new Date() })).issues).toBeUndefined();
      expect((await check({ day: '2024-05-01', at: new Date() })).issues?.length).toBeGreaterThan(0);
    }
  });
});
