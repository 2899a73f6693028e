import { createHash } from 'node:crypto';
import type { ApiModel } from '@reslayer/core';
import { banner, importPath, valueLiteral } from '@reslayer/core';
import type { SchemaTypeNames } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { mocksNaming } from '../naming.js';
import type { FixtureDecl } from '../plan/mockPlan.js';
import { printValue, type ValueRef } from './printValue.js';
import { BlobSample } from './sampleString.js';
import { DateSample } from './dateSamples.js';

/** Shortest canonical text of a value worth a shared constant (smaller ones stay inline). */
const MIN_TEXT = 40;

/** A distinct named-schema value met in the fixtures. */
interface SharedNode {
  /** Named schema (`ApiModel.schemas` key) the value is a sample of. */
  origin: string;
  /** Length of its canonical text. */
  size: number;
  /** The distinct shared values right inside it, one entry per occurrence. */
  kids: string[];
  /** Occurrences in fixtures outside any other named-schema value. */
  root: number;
  /** How often the output uses it (computed by {@link SharedSamples.decide}). */
  uses: number;
}

/**
 * The samples several fixtures share, across all resources: a value of a named schema (a `$ref` property,
 * item, map value or union variant: where the client types the value as that schema's type) that the output
 * would otherwise print more than once becomes one constant of `shared/mocks/components.fixtures.ts`, typed
 * with the schema's type, and the fixtures refer to it. TypeScript then checks each such literal once, and a
 * reference by type identity, which keeps the application's type-check fast on contracts whose examples repeat
 * (GitHub's `simple-user` appears in hundreds of responses) without loosening any fixture's type.
 *
 * Used in two passes over the same deterministic plans: {@link count} sees every resource's fixtures, then
 * {@link decide} picks the values, then {@link resolver} (per resource) and {@link emit} (once) print them.
 * Only exact fixtures take part (an inexact one is cast as a whole and printed inline).
 */
export class SharedSamples {
  private readonly nodes = new Map<string, SharedNode>();
  private readonly chosen = new Map<string, string>();
  /** Pass 2: the printed declaration of each shared value, at its first sight (values inside it are declared before it). */
  private readonly declarations = new Map<string, string>();
  private hashes = new WeakMap<object, string>();
  private counting = true;

  /**
   * @param names the model's naming table (type names of the named schemas)
   * @param origins the named schema of each sampled value, as sampling recorded them (`SampleScope.origins`)
   */
  constructor(
    private readonly names: SchemaTypeNames,
    private readonly origins: WeakMap<object, string>,
  ) {}

  /**
   * Pass 1: records the named-schema values of these fixtures.
   * @param fixtures a resource's fixture declarations
   */
  count(fixtures: readonly FixtureDecl[]): void {
    for (const f of fixtures) {
      if (f.exact === false || f.alias !== undefined) continue;
      const roots: string[] = [];
      this.serialize(f.value, roots);
      for (const h of roots) {
        const node = this.nodes.get(h);
        if (node) node.root++;
      }
    }
  }

  /** Between the passes: picks the values printed more than once (and long enough), and names them. */
  decide(): void {
    this.counting = false;
    this.hashes = new WeakMap();
    const order = [...this.nodes.entries()]; // discovery order: a value after every value inside it
    const pick = new Set(order.filter(([, n]) => n.size >= MIN_TEXT).map(([h]) => h));
    for (let changed = true; changed; ) {
      changed = false;
      const from = new Map<string, number>();
      for (let i = order.length - 1; i >= 0; i--) {
        const [h, n] = order[i] as [string, SharedNode];
        n.uses = n.root + (from.get(h) ?? 0);
        // A shared value is printed once (in its constant), an inline one wherever its container is.
        const times = pick.has(h) ? Math.min(n.uses, 1) : n.uses;
        if (times > 0) for (const k of n.kids) from.set(k, (from.get(k) ?? 0) + times);
      }
      for (const [h, n] of order) {
        if (pick.has(h) && n.uses < 2) {
          pick.delete(h);
          changed = true;
        }
      }
    }
    const counters = new Map<string, number>();
    for (const [h, n] of order) {
      if (!pick.has(h)) {
        this.nodes.delete(h); // pass 2 needs only the shared ones
        continue;
      }
      const type = this.names.typeName(n.origin, 'read');
      const k = (counters.get(type) ?? 0) + 1;
      counters.set(type, k);
      this.chosen.set(h, mocksNaming.sharedSample(type, k));
      n.kids = [];
    }
  }

  /**
   * Pass 2: the printer's resolver for one resource's fixtures (after {@link decide}). `used` collects the
   * constants it names, for the fixtures file's import.
   * @param fixtures the resource's fixture declarations (their values are hashed here)
   * @param used receives the names of the shared constants the fixtures refer to
   */
  resolver(fixtures: readonly FixtureDecl[], used: Set<string>): ValueRef | undefined {
    if (this.chosen.size === 0) return undefined;
    for (const f of fixtures) if (f.exact !== false && f.alias === undefined) this.serialize(f.value, undefined);
    return (value) => {
      const name = this.nameOf(value);
      if (name !== undefined) used.add(name);
      return name;
    };
  }

  /**
   * The shared constants module, or undefined when no value is shared.
   * @param model the API model (banner)
   */
  emit(model: ApiModel): string | undefined {
    if (this.chosen.size === 0) return undefined;
    const file = mocksNaming.sharedFixturesFile();
    const lines = [
      banner(),
      `import type * as Schemas from '${importPath(file, clientNaming.componentsFile())}';`,
      '',
      '// Samples of named schemas that several fixtures contain, each typed once with its schema\'s type. The fixtures',
      '// refer to these objects: clone a fixture (`structuredClone`) before changing it.',
      '',
    ];
    // Discovery order: every shared value after the ones it contains (a `const` must be declared before it is read).
    for (const h of this.chosen.keys()) {
      const declaration = this.declarations.get(h);
      if (declaration !== undefined) lines.push(declaration, '');
    }
    return lines.join('\n');
  }

  private nameOf(value: object): string | undefined {
    const h = this.hashes.get(value);
    return h === undefined ? undefined : this.chosen.get(h);
  }

  /** Canonical text of a value, a named-schema value inside it standing as `#<hash>` (and pushed to `found`). */
  private serialize(v: unknown, found: string[] | undefined): string {
    if (v instanceof BlobSample) return 'new Blob([])';
    if (v instanceof DateSample) return `new Date(${valueLiteral(v.text)})`;
    if (v === null || typeof v !== 'object') return valueLiteral(v);
    const origin = this.origins.get(v);
    if (origin === undefined) return this.inner(v, found);
    const h = this.register(v, origin);
    found?.push(h);
    return `#${h}`;
  }

  private inner(v: object, found: string[] | undefined): string {
    if (Array.isArray(v)) return `[${v.map((x: unknown) => this.serialize(x, found)).join(',')}]`;
    const entries = Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${this.serialize(x, found)}`).join(',')}}`;
  }

  private register(v: object, origin: string): string {
    const known = this.hashes.get(v);
    if (known !== undefined) return known;
    const kids: string[] = [];
    const text = `${origin}\u0000${this.inner(v, kids)}`;
    const h = createHash('sha1').update(text).digest('base64url');
    this.hashes.set(v, h);
    if (this.counting) {
      if (!this.nodes.has(h)) this.nodes.set(h, { origin, size: text.length - origin.length - 1, kids, root: 0, uses: 0 });
    } else if (!this.declarations.has(h)) {
      const name = this.chosen.get(h);
      const node = this.nodes.get(h);
      if (name !== undefined && node !== undefined) {
        const head = `export const ${name}: Schemas.${this.names.typeName(node.origin, 'read')} = `;
        const value = printValue(v, 0, 100, head.length, (x) => this.nameOf(x));
        this.declarations.set(h, `/** A sample of the \`${node.origin}\` schema, used ${node.uses} times. */\n${head}${value};`);
      }
    }
    return h;
  }
}
