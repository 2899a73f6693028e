import yaml from 'js-yaml';
import { checkDocumentLimits, MAX_DEPTH, MIN_EXPANDED_VALUES } from './documentLimits.js';
import { thrown } from '../../test/thrown.js';


/** `levels` objects nested through `p` (built without recursion). */
function nested(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (let i = 1; i < levels; i++) {
    const next: Record<string, unknown> = {};
    node['p'] = next;
    node = next;
  }
  return root;
}

/** Components S0…S(n-1), each `$ref`ing the next (through `allOf` when asked), from a path's schema. */
function chain(n: number, allOf = false): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] = allOf ? { allOf: [next] } : next;
  }
  schemas[`S${n}`] = { type: 'string' };
  return { paths: { '/a': { get: { schema: { $ref: '#/components/schemas/S0' } } } }, components: { schemas } };
}

describe('checkDocumentLimits', () => {
  it('accepts a document nested exactly to the limit, and refuses one level more naming the pointer', () => {
    expect(() => checkDocumentLimits(nested(MAX_DEPTH), 'x.json', 0)).not.toThrow();
    const error = thrown(() => checkDocumentLimits(nested(MAX_DEPTH + 1), 'x.json', 0));
    expect(error.code).toBe('RSL_INPUT_TOO_DEEP');
    expect(error.location).toBe(`#${'/p'.repeat(MAX_DEPTH)}`);
    expect(error.message).toMatch(/^x\.json: #(\/p)+\/?…(\/p)+ nests deeper than 512 levels of objects and arrays$/);
  });

  it('measures 100,000 levels without recursion', () => {
    expect(thrown(() => checkDocumentLimits(nested(100_000), 'x.json', 0)).code).toBe('RSL_INPUT_TOO_DEEP');
  });

  it('counts each $ref followed as a level: a long chain is refused from its head, a short one passes', () => {
    expect(() => checkDocumentLimits(chain(200), 'x.json', 0)).not.toThrow();
    for (const allOf of [false, true]) {
      const error = thrown(() => checkDocumentLimits(chain(3000, allOf), 'x.json', 0));
      expect(error.code).toBe('RSL_INPUT_TOO_DEEP');
      expect(error.location).toBe('#/paths/~1a/get/schema');
      expect(error.message).toContain('through its $ref "#/components/schemas/S0"');
    }
  });

  it('lets recursive schemas through: a $ref back into a schema on the way ends the way', () => {
    const doc = {
      components: {
        schemas: {
          Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } }, parent: { $ref: '#/components/schemas/Tree' } } },
          Tree: { properties: { root: { $ref: '#/components/schemas/Node' } } },
        },
      },
    };
    expect(() => checkDocumentLimits(doc, 'x.json', 0)).not.toThrow();
  });

  it('stops a YAML alias bomb at the budget, at once', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [prev, name] of [['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e'], ['e', 'f'], ['f', 'g'], ['g', 'h'], ['h', 'i']]) levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    const text = levels.join('\n');
    const error = thrown(() => checkDocumentLimits(yaml.load(text), 'bomb.yaml', text.length));
    expect(error.code).toBe('RSL_INPUT_TOO_LARGE');
    expect(error.message).toContain(`more than ${MIN_EXPANDED_VALUES} objects and arrays once its YAML aliases are expanded`);
  });

  it('lets a large document without aliases through: the budget grows with its length', () => {
    const wide = { list: Array.from({ length: MIN_EXPANDED_VALUES + 10 }, () => ({})) };
    expect(() => checkDocumentLimits(wide, 'x.json', 2 * (MIN_EXPANDED_VALUES + 10) + 20)).not.toThrow();
  });

  it('says, from the same walk, whether the document holds a $ref to another file or a URL, and how many keys it has', () => {
    expect(checkDocumentLimits({ a: { $ref: '#/b' }, b: {} }, 'x.json', 0)).toEqual({ externalRef: false, keys: 3 });
    expect(checkDocumentLimits({ a: [{ b: { $ref: './other.yaml#/c' } }] }, 'x.json', 0)).toEqual({ externalRef: true, keys: 3 });
    expect(checkDocumentLimits({ a: { $ref: '#/b' }, b: { $ref: 'https://example.com/x.json' } }, 'x.json', 0)).toEqual({ externalRef: true, keys: 4 });
    expect(checkDocumentLimits('text', 'x.json', 0)).toEqual({ externalRef: false, keys: 0 });
  });
});
