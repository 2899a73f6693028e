// How normalizeOperations reads an operation's path parameters from its path template and declarations.
import { normalizeContract } from './normalize.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import type { LoadedContract } from './loadContract.js';

/** The path parameters' names of the one operation of a contract with `path`, in order. */
function pathParamNames(path: string, declared: string[]): string[] {
  const parameters = declared.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const document = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { [path]: { get: { parameters, responses: { '204': { description: 'ok' } } } } } };
  const contract: LoadedContract = { file: '/contract.json', document: document as unknown as LoadedContract['document'], notices: [], files: [], digests: new Map() };
  const model = normalizeContract(contract, new Diagnostics());
  return model.operations[0]?.parameters.filter((p) => p.in === 'path').map((p) => p.name) ?? [];
}

describe('normalizeOperations: path parameters come once each, in template order', () => {
  it.each([
    ['each name once', '/a/{a}/b/{b}', ['b', 'a'], ['a', 'b']],
    ['a name the template repeats (azure.com/azsadmin-Operations)', '/groups/System.{location}/fabricLocations/{location}/results/{id}', ['location', 'id'], ['location', 'id']],
    ['a repeated name that is not declared', '/x/{v}/y/{v}', [], ['v']],
    ['two names in one segment', '/files/{name}.{ext}', ['ext', 'name'], ['name', 'ext']],
  ])('%s', (_label, path, declared, expected) => {
    expect(pathParamNames(path, declared)).toEqual(expected);
  });
});
