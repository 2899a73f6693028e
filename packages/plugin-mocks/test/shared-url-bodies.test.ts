// A handler that answers several operations on one URL (path keys that differ by a fragment only, as box's
// `PUT …/schema#add` and `#update`) checks a request body against all their bodies: it refuses a body that fits none
// of them (box's `{}` where every body has required properties), takes one that fits any, and checks nothing when
// one of the operations sends no JSON body.
import { json, send } from './http.js';
import { serveContractAround } from './helpers.js';

const str = { type: 'string' };
const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { done: { type: 'boolean' } } } } } }, '400': { description: 'bad' } };
const body = (required: string) => ({ required: true, content: { 'application/json': { schema: { type: 'object', required: [required], properties: { [required]: str } } } } });
const param = { name: 'id', in: 'path', required: true, schema: str };

/** `/things/{id}` answers `PUT` for `rename` and `archive` (fragments) and `/widgets/{id}` for two, one without a body. */
const CONTRACT = {
  openapi: '3.0.3',
  info: { title: 'shared', version: '1' },
  paths: {
    '/things/{id}#rename': { put: { operationId: 'renameThing', parameters: [param], requestBody: body('name'), responses: ok } },
    '/things/{id}#archive': { put: { operationId: 'archiveThing', parameters: [param], requestBody: body('reason'), responses: ok } },
    '/widgets/{id}#rename': { put: { operationId: 'renameWidget', parameters: [param], requestBody: body('name'), responses: ok } },
    '/widgets/{id}#touch': { put: { operationId: 'touchWidget', parameters: [param], responses: ok } },
  },
};

describe('one handler for several operations on a URL checks the body against all of theirs', () => {
  serveContractAround(CONTRACT);

  it.each<[string, string, unknown, number]>([
    ['a body that fits neither (`{}`): refused', '/things/1', {}, 400],
    ['a body of the first operation', '/things/1', { name: 'a' }, 200],
    ['a body of the second operation', '/things/1', { reason: 'old' }, 200],
    ['a body that breaks both (`name` a number)', '/things/1', { name: 5 }, 400],
    ['one operation sends no body: nothing is refused', '/widgets/1', {}, 200],
  ])('%s', async (_name, url, payload, status) => {
    expect((await send(`http://localhost${url}`, json('PUT', payload))).status).toBe(status);
  });
});
