// Unit test of the never-type finder on a small hand-written file.
import { Project, ts } from 'ts-morph';
import { findNeverTypes, formatNeverFindings } from './neverTypes.js';

const SAMPLE = `
export type Collapsed = { a: 'x' } & { a: 'y' };
export type Normal = { a: 'x'; b?: number; c: string | null };
export type WithCollapsedMember = { kind: 'ok' } | ({ a: 'x' } & { a: 'y' });
export interface Holder {
  ok: string;
  bad: { a: 1 } & { a: 2 };
  readonly?: never;
  nested: { deeper?: { a: true } & { a: false } };
  list: Array<{ a: 'p' } & { a: 'q' }>;
  rows: ({ a: 'p' } & { a: 'r' })[];
}
export type Explicit = { readonly?: never; n: number };
export type Forbidden = never;
export type Conflicting = { a: string } & { a: number };
export type Generic<T> = { value: T } & { a: 'x' };
type Internal = { a: 'x' } & { a: 'y' };
export type UsesInternal = { ok: Internal extends never ? true : false };
`;

function findIn(text: string, options: { root?: string } = { root: '/src' }) {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true, exactOptionalPropertyTypes: true, target: ts.ScriptTarget.ES2022 } });
  project.createSourceFile('/src/sample.ts', text);
  return findNeverTypes(project, options);
}

describe('findNeverTypes', () => {
  const findings = findIn(SAMPLE);
  const names = findings.map((f) => `${f.kind} ${f.name}`);

  it('flags a collapsed intersection alias', () => {
    expect(names).toContain('type alias Collapsed');
    expect(findings.find((f) => f.name === 'Collapsed')).toEqual({ file: 'sample.ts', line: 2, kind: 'type alias', name: 'Collapsed', text: "{ a: 'x' } & { a: 'y' }" });
  });

  it('needs the assignability question: the collapsed intersection is not `isNever()` until reduced', () => {
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } });
    const alias = project.createSourceFile('/src/a.ts', "export type C = { a: 'x' } & { a: 'y' };").getTypeAliasOrThrow('C');
    expect(alias.getType().isNever()).toBe(false);
    expect(findNeverTypes(project).map((f) => f.name)).toEqual(['C']);
  });

  it('flags the collapsed member of a union, not the union', () => {
    expect(names).toContain('union member WithCollapsedMember | #2');
    expect(names).not.toContain('type alias WithCollapsedMember');
  });

  it('flags a property whose type collapsed, also nested, in an array or as an intersection of conflicting primitives', () => {
    expect(names).toContain('property Holder.bad');
    expect(names).toContain('property Holder.nested.deeper');
    expect(names).toContain('type argument Holder.list<#1>');
    expect(names).toContain('array element Holder.rows[]');
    expect(names).toContain('property Conflicting.a');
  });

  it('does not flag normal types, properties written as never, generics or unexported aliases', () => {
    for (const name of ['Normal', 'Explicit', 'Forbidden', 'Generic', 'Internal', 'UsesInternal', 'Holder.ok', 'Holder.readonly', 'Explicit.readonly']) {
      expect(names.filter((n) => n.endsWith(` ${name}`) || n.includes(` ${name}.`) || n.includes(` ${name} `))).toEqual([]);
    }
  });

  it('reports exactly these findings, once each', () => {
    expect(formatNeverFindings(findings)).toEqual([
      "sample.ts:2 type alias Collapsed: { a: 'x' } & { a: 'y' }",
      "sample.ts:4 union member WithCollapsedMember | #2: ({ a: 'x' } & { a: 'y' })",
      'sample.ts:7 property Holder.bad: { a: 1 } & { a: 2 }',
      'sample.ts:9 property Holder.nested.deeper: { a: true } & { a: false }',
      "sample.ts:10 type argument Holder.list<#1>: { a: 'p' } & { a: 'q' }",
      "sample.ts:11 array element Holder.rows[]: ({ a: 'p' } & { a: 'r' })",
      'sample.ts:15 property Conflicting.a: never',
    ]);
  });

  it('reports the items of an intersection of arrays that collapsed (allOf members with disjoint item enums) apart, as the contract\'s', () => {
    const text = "export type Msg = { events: Array<{ b: 'x' | 'y' }> } & { events?: Array<{ b: 'z' }> };\nexport type Fits = { events: Array<{ b: 'x' | 'y' }> } & { events: Array<{ b: 'y' }> };\n";
    expect(findIn(text)).toEqual([{ file: 'sample.ts', line: 1, kind: 'array element', name: 'Msg.events[]', text: '{ b: "x" | "y"; }[] & { b: "z"; }[]', contract: true }]);
  });

  it('finds nothing in a file without collapsed types, and only checks files under the root', () => {
    expect(findIn('export type A = { a: 1 } | { a: 2 };\nexport interface B { b?: never; c: A }\n')).toEqual([]);
    expect(findIn(SAMPLE, { root: '/elsewhere' })).toEqual([]);
  });
});
