// The usage probe's own test (scripts/lib/usageProbe.mjs through test/utils/usageProbe.ts), on a small contract
// written here: which values it probes, which examples it leaves out and why, and a negative control (a generated
// type made wrong by hand fails the probes that use it). `pnpm build` first (the CLI generates the contract).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate, type Generation } from '../helpers/cli.js';
import { FIXTURES, OUT_BASE } from '../helpers/paths.js';
import { createContractValidator } from '../runtime/mocks-helpers/schemas.js';
import { generatedTsconfig, runTsc, TSC_59, writeTsconfig } from '../utils/typecheck.js';
import { locate, PROBE_FILE, probeErrors, tallyProbe, writeUsageProbe, type UsageProbe } from '../utils/usageProbe.js';

const CONTRACT = `openapi: 3.0.3
info: { title: Probe self-test, version: 1.0.0 }
paths:
  /pets:
    post:
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
            examples:
              plain: { value: { name: Rex, kind: dog } }
              extra: { value: { name: Rex, color: brown, owner: { name: Ann, age: 7 } } }
              wrongType: { value: { name: 1 } }
              withId: { value: { id: 5, name: Rex } }
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
              example: { id: 1, name: Rex, kind: cat }
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: The pet.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/PetWithTags' }
  /notes:
    put:
      operationId: putNote
      requestBody:
        content:
          text/plain:
            schema: { type: string }
            example: hello
      responses:
        '204': { description: Done. }
components:
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: { type: integer, readOnly: true }
        name: { type: string }
        kind: { type: string, enum: [dog, cat] }
        owner: { type: object, properties: { name: { type: string } } }
    PetWithTags:
      allOf:
        - $ref: '#/components/schemas/Pet'
        - type: object
          properties:
            tags: { type: array, items: { type: string } }
      example: { id: 2, name: Tom, tags: [a, b] }
`;

describe('usage probe', () => {
  let g: Generation;
  let probe: UsageProbe;
  const tsconfig = () => writeTsconfig(path.join(g.outDir, 'tsconfig.json'), generatedTsconfig());

  beforeAll(async () => {
    const dir = path.join(OUT_BASE, 'usage-probe-contract');
    mkdirSync(dir, { recursive: true });
    const contract = path.join(dir, 'openapi.yaml');
    writeFileSync(contract, CONTRACT);
    g = generate('usage-probe', contract);
    if (g.run.status !== 0) throw new Error(g.run.stderr);
    probe = await writeUsageProbe({ contract, outDir: g.outDir, createValidator: (doc, view) => createContractValidator(doc, view) });
  }, 120_000);

  it('probes the fixtures and the examples the contract accepts, the undeclared properties left out', () => {
    const examples = probe.entries.filter((e) => e.kind !== 'fixture').map((e) => `${e.kind} ${e.operation} ${e.source} [${(e.undeclared ?? []).join(' ')}]`);
    expect(examples.sort()).toEqual([
      'request example POST /pets examples/extra [/color /owner/age]',
      'request example POST /pets examples/plain []',
      'response example GET /pets/{petId} 200 schema example []',
      'response example POST /pets 201 example []',
    ]);
    expect(probe.entries.filter((e) => e.kind === 'fixture').length).toBeGreaterThan(0);
    const text = readFileSync(path.join(g.outDir, PROBE_FILE), 'utf8');
    expect(text).toContain('{"name":"Rex","owner":{"name":"Ann"}}');
  });

  it('leaves out the examples the contract rejects, and tells a readOnly property in a request apart', () => {
    expect(probe.invalid.map((i) => `${i.operation} ${i.source} readOnly=${String(i.readOnly)}`)).toEqual([
      'POST /pets examples/wrongType readOnly=false',
      'POST /pets examples/withId readOnly=true',
    ]);
    expect(probe.skipped.nonJsonPayloads).toBe(1);
  });

  it('type-checks as generated', () => {
    const run = runTsc(TSC_59, tsconfig());
    expect(run.errors).toEqual([]);
    const tally = tallyProbe(probe, run.stdout);
    expect(tally.byKind['request example']).toEqual({ probed: 2, failed: 0, undeclared: 1 });
    expect(tally.byKind['response example']).toEqual({ probed: 2, failed: 0, undeclared: 0 });
    expect(tally.failures).toEqual([]);
  });

  it('negative control: a generated type made wrong fails the probes that use it', () => {
    const file = path.join(g.outDir, 'src/shared/api/generated/components.types.ts');
    const original = readFileSync(file, 'utf8');
    try {
      // `kind` loses 'cat' and `tags` becomes numbers: the response examples no longer fit.
      const broken = original.replace(/kind\?: 'dog' \| 'cat';/, "kind?: 'dog';").replace(/tags\?: (Array<string>|string\[\]);/, 'tags?: number[];');
      expect(broken).not.toBe(original);
      writeFileSync(file, broken);
      const tally = tallyProbe(probe, runTsc(TSC_59, tsconfig()).stdout);
      expect(tally.failures.map((f) => `${f.kind} ${f.operation} (${f.source})`).sort()).toEqual([
        'response example GET /pets/{petId} (200 schema example)',
        'response example POST /pets (201 example)',
      ]);
      expect(tally.failures[0]?.messages[0]).toMatch(/^TS2322: /);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe('usage probe: a $ref into its own $defs (OpenAPI 3.1)', () => {
  it('probes fixtures/openapi/3.1/features.yaml, whose Folder is `$ref` to its own `$defs/Entry`, without overflowing the stack', async () => {
    const contract = path.join(FIXTURES, '3.1/features.yaml');
    const g = generate('usage-probe-features', contract);
    expect(g.run.status).toBe(0);
    const probe = await writeUsageProbe({ contract, outDir: g.outDir, createValidator: (doc, view) => createContractValidator(doc, view) });
    expect(probe.entries.filter((e) => e.kind === 'fixture').length).toBeGreaterThan(0);
  }, 120_000);

  it('locate: a node’s own member wins over its $ref, and a $ref cycle ends with no node', () => {
    const doc = { components: { schemas: {
      Folder: { $ref: '#/components/schemas/Folder/$defs/Entry', $defs: { Entry: { type: 'object' } } },
      A: { $ref: '#/components/schemas/B' },
      B: { $ref: '#/components/schemas/A' },
    } } };
    expect(locate(doc, '#/components/schemas/Folder')).toEqual({ node: { type: 'object' }, pointer: '#/components/schemas/Folder/$defs/Entry' });
    expect(locate(doc, '#/components/schemas/A').node).toBeUndefined();
  });
});

describe('probeErrors', () => {
  it('reads the probe file’s errors by line, with their elaboration, and ignores other files', () => {
    const output = [
      `.corpus-out/x/${PROBE_FILE}(12,14): error TS2322: Type '{ a: number; }' is not assignable to type 'A'.`,
      "  Types of property 'a' are incompatible.",
      "    Type 'number' is not assignable to type 'string'.",
      'src/other.ts(3,1): error TS2304: Cannot find name \'x\'.',
      '  elaboration of another file',
      `${PROBE_FILE}(14,40): error TS2353: Object literal may only specify known properties, and '"b"' does not exist in type 'B'.`,
    ].join('\n');
    expect([...probeErrors(output)]).toEqual([
      [12, [{ code: 'TS2322', column: 14, messages: ["TS2322: Type '{ a: number; }' is not assignable to type 'A'.", "Types of property 'a' are incompatible.", "Type 'number' is not assignable to type 'string'."] }]],
      [14, [{ code: 'TS2353', column: 40, messages: ["TS2353: Object literal may only specify known properties, and '\"b\"' does not exist in type 'B'."] }]],
    ]);
  });
});
