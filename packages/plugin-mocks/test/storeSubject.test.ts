// Which lists back a store: a list the client reads as JSON, typed by one schema. A list answered as XML (`text/xml`
// with a schema, as AWS query APIs declare) is typed `string` by the client, so its fixture is text and no store serves
// its items; so are a list typed `unknown` and a list answering several bodies.
import path from 'node:path';
import { TEST_DIR, generate } from './helpers.js';

it('a list and a create answered as text/xml keep no store: the list answers its text fixture', async () => {
  const result = await generate(path.join(TEST_DIR, 'fixtures/xml-list.yaml'), path.join(TEST_DIR, '.out-xml-list'), {}, false);
  const file = result.files.find((f) => f.path.endsWith('tasks.fixtures.ts'));
  expect(file).toBeDefined();
  const text = file?.contents ?? '';
  expect(text).not.toContain("['Results']");
  expect(text).toMatch(/export const listTasksFixture: ListTasksResponse = '[^']*';/);
});

it('a list whose items the client cannot type backs no store: a body whose schema sits beside a JSON content without one (osf.io), and a list answering different bodies (visma.net)', async () => {
  const result = await generate(path.join(TEST_DIR, 'fixtures/untyped-lists.yaml'), path.join(TEST_DIR, '.out-untyped-lists'), {}, false);
  const text = (name: string) => result.files.find((f) => f.path.endsWith(`${name}.fixtures.ts`))?.contents ?? '';
  expect(text('notes')).toContain('export const listNotesFixture');
  expect(text('notes')).not.toContain('[number]');
  expect(text('rates')).toContain('export const listRatesFixture');
  expect(text('rates')).not.toContain('[number]');
});

it('a read whose wrapped body the client types `unknown` (its schema beside a JSON content without one, zuora) keeps its store on the typed list’s items', async () => {
  const result = await generate(path.join(TEST_DIR, 'fixtures/untyped-lists.yaml'), path.join(TEST_DIR, '.out-untyped-lists'), {}, false);
  const orders = result.files.find((f) => f.path.endsWith('orders.fixtures.ts'))?.contents ?? '';
  expect(orders).toContain('export const ordersFixtures: NonNullable<ListOrdersResponse>[number][]');
  expect(orders).not.toContain("GetOrderResponse>['order']");
});
