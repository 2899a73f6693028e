// Hostile-input cases about a contract saved where secrets live beside it (the project root, where `init` looks,
// and the home folder), YAML merge keys, a `$ref` fan-out and resource names that are runtime names.
import { existsSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { petContract, put, configFile, withConfig, type HostileCase, type Project } from './harness.js';

const OUTSIDE = 'RSL_REF_OUTSIDE_ROOT';

/** The contract saved at the project root, `project/openapi.yaml`. */
const atRoot = (p: Project) => path.join(p.project, 'openapi.yaml');
/** The contract saved in the home folder, `home/openapi.yaml`. */
const atHome = (p: Project) => path.join(p.home, 'openapi.yaml');

/**
 * A case whose contract, saved at `where`, has `Pet.properties.extra` `$ref` the target.
 * @param name case name
 * @param where where the contract is saved
 * @param target the `$ref`
 * @param plant files (relative to the contract's folder) to write before, each holding the secret unless `false`
 */
function refFrom(name: string, where: 'root' | 'home', target: string, plant: Record<string, string | false> = {}, code: string | null = OUTSIDE): HostileCase {
  const file = where === 'root' ? atRoot : atHome;
  const folder = where === 'root' ? 'project' : 'home';
  return {
    name,
    setup: (p) => {
      for (const [rel, text] of Object.entries(plant)) put(path.join(path.dirname(file(p)), rel), text === false ? 'type: object\nproperties:\n  note: { type: string }\n' : text.replace('SECRET', p.secret));
      put(file(p), petContract(`{ $ref: ${JSON.stringify(target)} }`));
    },
    args: (p) => ['generate', file(p), '--output', p.out, '--json'],
    code,
    status: code === null ? 0 : 2,
    planted: Object.entries(plant)
      .filter(([, text]) => text !== false)
      .map(([rel]) => `${folder}/${rel}`),
  };
}

const SECRET_YAML = 'type: string\ndescription: SECRET\n';

/** The W × W fan-out: schema S_i has W required properties that all `$ref` S_{i+1}; `Pet.extra` is S0. */
function fanOut(w: number): string {
  const lines = petContract("{ $ref: '#/components/schemas/S0' }").trimEnd().split('\n');
  for (let i = 0; i < w; i++) {
    const props = Array.from({ length: w }, (_, j) => `p${j}: ${i + 1 < w ? `{ $ref: '#/components/schemas/S${i + 1}' }` : '{ type: string }'}`);
    lines.push(`    S${i}: { type: object, required: [${props.map((_, j) => `p${j}`).join(', ')}], properties: { ${props.join(', ')} } }`);
  }
  return `${lines.join('\n')}\n`;
}

/** A fan-out case: exit 0, a warning, fixtures of a bounded size. */
const fanOutCase = (w: number): HostileCase => ({
  name: `fan-out-${w}x${w}`,
  setup: (p) => put(p.contract, fanOut(w)),
  code: null,
  status: 0,
  after: (p) => {
    const fixtures = path.join(p.out, 'src/shared/mocks/pets/pets.fixtures.ts');
    expect(statSync(fixtures).size).toBeLessThan(4 * 1024 * 1024);
    expect(readFileSync(fixtures, 'utf8')).toContain('RSL_MOCK_SAMPLE_LIMIT');
  },
});

/** `count` entries that each merge a map of `keys` keys (`<<: *m`), at the root as an extension. */
const merges = (keys: number, count: number) =>
  [`x-map: &m { ${Array.from({ length: keys }, (_, i) => `k${i}: ${i}`).join(', ')} }`, 'x-merged:', ...Array.from({ length: count }, (_, i) => `  e${i}: { <<: *m }`)].join('\n');

/** A contract whose paths are named like runtime names (`/query`, `/default`, `/mock`). */
function runtimeNames(p: Project): void {
  const body = "content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } }";
  const lines = petContract().split('\n');
  const at = lines.indexOf('components:');
  const extra = ['query', 'default', 'mock'].flatMap((w) => [
    `  /${w}:`,
    `    get: { operationId: list_${w}, responses: { '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } } } }`,
    `    post: { operationId: create_${w}, requestBody: { required: true, ${body} }, responses: { '201': { description: created, ${body} } } }`,
  ]);
  put(p.contract, [...lines.slice(0, at), ...extra, ...lines.slice(at)].join('\n'));
}

/** Contracts beside secrets, merge keys, fan-out and runtime names. */
export const CONTRACT_FOLDER_CASES: HostileCase[] = [
  refFrom('root-contract-ref-dotenv', 'root', './.env'),
  refFrom('root-contract-ref-npmrc', 'root', './.npmrc', { '.npmrc': '//registry/:_authToken=SECRET\n' }),
  refFrom('root-contract-ref-git-config', 'root', './.git/config', { '.git/config': '[remote]\n  url = https://SECRET@host/x\n' }),
  refFrom('root-contract-ref-dotenv-yaml', 'root', './.env.yaml', { '.env.yaml': SECRET_YAML }),
  refFrom('root-contract-ref-dot-folder-yaml', 'root', './.config/secret.yaml', { '.config/secret.yaml': SECRET_YAML }),
  refFrom('root-contract-ref-dot-folder-deeper', 'root', './schemas/.private/secret.json', { 'schemas/.private/secret.json': '{ "type": "string", "description": "SECRET" }' }),
  refFrom('root-contract-ref-text-file', 'root', './notes.txt', { 'notes.txt': SECRET_YAML }),
  refFrom('root-contract-ref-key-file', 'root', './deploy.pem', { 'deploy.pem': SECRET_YAML }),
  refFrom('root-contract-ref-no-extension', 'root', './CREDENTIALS', { CREDENTIALS: SECRET_YAML }),
  refFrom('root-contract-ref-percent-encoded-dotenv', 'root', './%2eenv'),
  {
    // A code sample in a vendor extension (Redocly's x-codeSamples) is never read: the contract generates, the secret stays out.
    ...refFrom('root-contract-extension-ref-text-file-not-read', 'root', './notes.txt', { 'notes.txt': SECRET_YAML }, null),
    setup: (p) => {
      put(path.join(p.project, 'notes.txt'), SECRET_YAML.replace('SECRET', p.secret));
      put(atRoot(p), petContract("{ type: string, x-codeSample: { lang: C#, source: { $ref: './notes.txt' } } }"));
    },
  },
  {
    // The same extension naming a dot-file as a document is still confined.
    ...refFrom('root-contract-extension-ref-dotenv-yaml', 'root', './.env.yaml', { '.env.yaml': SECRET_YAML }),
    setup: (p) => {
      put(path.join(p.project, '.env.yaml'), SECRET_YAML.replace('SECRET', p.secret));
      put(atRoot(p), petContract("{ type: string, x-codeSample: { $ref: './.env.yaml' } }"));
    },
  },
  {
    ...refFrom('root-contract-ref-yaml-link-to-dotenv', 'root', './env.yaml'),
    setup: (p) => {
      symlinkSync(path.join(p.project, '.env'), path.join(p.project, 'env.yaml'));
      put(atRoot(p), petContract("{ $ref: './env.yaml' }"));
    },
  },
  refFrom('root-contract-ref-schema-folder-ok', 'root', './schemas/extra.yaml', { 'schemas/extra.yaml': false }, null),
  refFrom('home-contract-ref-ssh-key', 'home', './.ssh/id_rsa'),
  refFrom('home-contract-ref-ssh-yaml', 'home', './.ssh/config.yaml', { '.ssh/config.yaml': SECRET_YAML }),
  refFrom('home-contract-ref-top-level-yaml', 'home', './secrets.yaml', { 'secrets.yaml': SECRET_YAML }),
  refFrom('home-contract-ref-subfolder-ok', 'home', './api-schemas/extra.yaml', { 'api-schemas/extra.yaml': false }, null),
  {
    name: 'home-top-level-with-refroots-home-ok',
    setup: (p) => {
      put(path.join(p.home, 'extra.yaml'), 'type: object\nproperties:\n  note: { type: string }\n');
      put(atHome(p), petContract("{ $ref: './extra.yaml' }"));
      configFile(p, "{ input: '../home/openapi.yaml', output: './out', refRoots: ['../home'] }");
    },
    args: withConfig,
    code: null,
    status: 0,
  },
  {
    name: 'yaml-merge-keys-over-10000-ok',
    setup: (p) => put(p.contract, `${petContract()}${merges(6, 1_800)}\n`),
    code: null,
    status: 0,
  },
  {
    name: 'yaml-merge-key-bomb',
    setup: (p) => put(p.contract, `${petContract()}${merges(2_000, 600)}\n`),
    code: 'RSL_INPUT_TOO_LARGE',
    status: 2,
    says: /merge keys/,
  },
  fanOutCase(9),
  fanOutCase(12),
  {
    name: 'resources-named-query-default-mock',
    setup: runtimeNames,
    code: null,
    status: 0,
    after: (p) => {
      const client = (r: string) => readFileSync(path.join(p.out, `src/shared/api/generated/${r}/${r}.client.ts`), 'utf8');
      expect(client('query')).toContain('export const queryResourceClient = ');
      expect(client('default')).toContain('export const defaultResourceClient = ');
      expect(existsSync(path.join(p.out, 'src/shared/mocks/mock/mock.scenarios.ts'))).toBe(true);
    },
  },
];
