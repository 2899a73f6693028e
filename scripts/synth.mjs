#!/usr/bin/env node
// Synthetic OpenAPI 3.1 contracts for the benchmark (docs/benchmark.md): N CRUD resources, each with
// list, read, create, update, delete and one action, and realistic schemas (enums, formats, nullable
// fields, nested objects, arrays, a page object, error responses, refs to shared components).
// Deterministic: the same N always gives the same bytes, so runs can be compared.
//
// Usage: node scripts/synth.mjs <N> [--out <file.json>]   (without --out the JSON goes to stdout)
// As a module: import { synthesize } from './synth.mjs'; synthesize(100) returns the document object.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from './lib/prng.mjs';
import { addEntitySchemas, camel, entityProperties, kebab, pascal, ref, sharedComponents } from './lib/synth-schemas.mjs';

/** [singular, plural] pairs, lower case, words separated by spaces. */
const NOUNS = [
  ['account', 'accounts'], ['invoice', 'invoices'], ['order', 'orders'], ['product', 'products'], ['customer', 'customers'],
  ['supplier', 'suppliers'], ['shipment', 'shipments'], ['warehouse', 'warehouses'], ['ticket', 'tickets'], ['project', 'projects'],
  ['task', 'tasks'], ['milestone', 'milestones'], ['employee', 'employees'], ['department', 'departments'], ['contract', 'contracts'],
  ['payment', 'payments'], ['refund', 'refunds'], ['subscription', 'subscriptions'], ['plan', 'plans'], ['coupon', 'coupons'],
  ['campaign', 'campaigns'], ['lead', 'leads'], ['opportunity', 'opportunities'], ['quote', 'quotes'], ['asset', 'assets'],
  ['device', 'devices'], ['location', 'locations'], ['vehicle', 'vehicles'], ['route', 'routes'], ['booking', 'bookings'],
  ['room', 'rooms'], ['event', 'events'], ['survey', 'surveys'], ['report', 'reports'], ['document', 'documents'],
  ['policy', 'policies'], ['claim', 'claims'], ['patient', 'patients'], ['appointment', 'appointments'], ['course', 'courses'],
  ['lesson', 'lessons'], ['article', 'articles'], ['category', 'categories'], ['review', 'reviews'], ['webhook', 'webhooks'],
  ['budget', 'budgets'], ['expense', 'expenses'], ['vendor', 'vendors'], ['license', 'licenses'], ['batch', 'batches'],
];

/** Qualifiers put in front of a noun once the plain nouns are used up (deduplicated below). */
const QUALIFIER_LIST = [
  'billing', 'sales', 'support', 'inventory', 'fleet', 'marketing', 'partner', 'regional', 'internal', 'external',
  'archived', 'draft', 'pending', 'recurring', 'shared', 'team', 'vendor', 'field', 'retail', 'wholesale',
  'audit', 'compliance', 'finance', 'legal', 'security', 'quality', 'service', 'customer', 'product', 'project',
  'travel', 'training', 'research', 'logistics', 'payroll', 'tax', 'energy', 'health', 'insurance', 'education',
  'media', 'studio', 'network', 'cloud', 'mobile', 'desktop', 'print', 'catalog', 'loyalty', 'referral',
  'onboarding', 'offboarding', 'hiring', 'benefit', 'claims', 'risk', 'treasury', 'procurement', 'planning', 'forecast',
  'maintenance', 'repair', 'warranty', 'returns', 'delivery', 'pickup', 'storage', 'transport', 'customs', 'export',
  'import', 'domestic', 'global', 'northern', 'southern', 'eastern', 'western', 'central', 'remote', 'onsite',
  'primary', 'secondary', 'backup', 'legacy', 'beta', 'premium', 'basic', 'enterprise', 'community', 'public',
  'private', 'partner', 'affiliate', 'channel', 'reseller', 'franchise', 'kiosk', 'online', 'offline', 'hybrid',
];
const QUALIFIERS = [...new Set(QUALIFIER_LIST)];

const ACTIONS = ['archive', 'approve', 'publish', 'cancel', 'restore', 'assign', 'close', 'reopen', 'submit', 'verify'];

const STATUS_SETS = [
  ['draft', 'active', 'inactive', 'archived'],
  ['pending', 'approved', 'rejected'],
  ['open', 'in_progress', 'resolved', 'closed'],
  ['new', 'processing', 'shipped', 'delivered', 'cancelled'],
  ['trial', 'active', 'past_due', 'cancelled', 'expired'],
];


/**
 * Names of resource `i`: unique for every i.
 * @param {number} i zero-based index
 */
function resourceNames(i) {
  const [singular, plural] = NOUNS[i % NOUNS.length];
  const round = Math.floor(i / NOUNS.length);
  let prefix = '';
  if (round > 0) {
    const q = QUALIFIERS[(round - 1) % QUALIFIERS.length];
    const cycle = Math.floor((round - 1) / QUALIFIERS.length);
    prefix = cycle > 0 ? `${q} ${cycle + 1} ` : `${q} `;
  }
  const one = `${prefix}${singular}`;
  const many = `${prefix}${plural}`;
  return { entity: pascal(one), plural: pascal(many), pathSegment: kebab(many), idParam: `${camel(one)}Id`, tag: kebab(many) };
}

/**
 * Adds resource `i` (paths, parameter and schemas) to the document.
 * @param {object} doc the document being built
 * @param {number} i zero-based index
 * @param {number} n total number of resources (for cross-resource refs)
 * @param {() => number} rand PRNG
 */
function addResource(doc, i, n, rand) {
  const r = resourceNames(i);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const statusName = `${r.entity}Status`;
  const statuses = pick(STATUS_SETS);
  const action = pick(ACTIONS);
  const other = n > 1 ? resourceNames((i + 1 + Math.floor(rand() * (n - 1))) % n) : undefined;
  const { properties, required } = entityProperties(r, statusName, other, rand);
  addEntitySchemas(doc, r, { statusName, statuses, properties, required });
  addResourcePaths(doc, r, statusName, action);
}

/**
 * Adds the resource's paths: list and create on the collection, read, update and delete on the item, and
 * one POST action on the item.
 * @param {object} doc the document being built
 * @param {{ entity: string, plural: string, tag: string, pathSegment: string, idParam: string }} r the resource's names
 * @param {string} statusName the name of its status enum schema
 * @param {string} action the action's path segment
 */
function addResourcePaths(doc, r, statusName, action) {
  const idParamName = `${r.entity}Id`;
  const json = (schema, description) => ({ description, content: { 'application/json': { schema } } });
  const errors = (...names) => Object.fromEntries(names.map(([code, name]) => [code, { $ref: `#/components/responses/${name}` }]));
  const base = `/api/v1/${r.pathSegment}`;
  const tags = [r.tag];
  doc.tags.push({ name: r.tag });
  doc.paths[base] = {
    get: {
      operationId: `list${r.plural}`,
      summary: `List ${r.plural}`,
      tags,
      parameters: [
        { $ref: '#/components/parameters/Page' },
        { $ref: '#/components/parameters/PageSize' },
        { name: 'q', in: 'query', description: 'Free-text filter.', schema: { type: 'string', maxLength: 200 } },
        { name: 'status', in: 'query', style: 'form', explode: true, schema: { type: 'array', items: ref(statusName) } },
        { name: 'updatedSince', in: 'query', schema: { type: 'string', format: 'date-time' } },
        { name: 'sort', in: 'query', schema: { type: 'string', enum: ['name', '-name', 'createdAt', '-createdAt'], default: '-createdAt' } },
      ],
      responses: { 200: json(ref(`${r.entity}Page`), `A page of ${r.plural}.`), ...errors(['400', 'BadRequest'], ['401', 'Unauthorized']) },
    },
    post: {
      operationId: `create${r.entity}`,
      summary: `Create a ${r.entity}`,
      tags,
      requestBody: { required: true, content: { 'application/json': { schema: ref(`${r.entity}Create`) } } },
      responses: { 201: json(ref(r.entity), `The created ${r.entity}.`), ...errors(['400', 'BadRequest'], ['401', 'Unauthorized'], ['409', 'Conflict']) },
    },
  };
  doc.paths[`${base}/{${r.idParam}}`] = {
    parameters: [{ $ref: `#/components/parameters/${idParamName}` }],
    get: {
      operationId: `get${r.entity}`,
      summary: `Read a ${r.entity}`,
      tags,
      responses: { 200: json(ref(r.entity), `The ${r.entity}.`), ...errors(['401', 'Unauthorized'], ['404', 'NotFound']) },
    },
    patch: {
      operationId: `update${r.entity}`,
      summary: `Update a ${r.entity}`,
      tags,
      requestBody: { required: true, content: { 'application/json': { schema: ref(`${r.entity}Patch`) } } },
      responses: { 200: json(ref(r.entity), `The updated ${r.entity}.`), ...errors(['400', 'BadRequest'], ['404', 'NotFound'], ['409', 'Conflict']) },
    },
    delete: {
      operationId: `delete${r.entity}`,
      summary: `Delete a ${r.entity}`,
      tags,
      responses: { 204: { description: 'Deleted.' }, ...errors(['401', 'Unauthorized'], ['404', 'NotFound']) },
    },
  };
  doc.paths[`${base}/{${r.idParam}}/${action}`] = {
    parameters: [{ $ref: `#/components/parameters/${idParamName}` }],
    post: {
      operationId: `${action}${r.entity}`,
      summary: `${pascal(action)} a ${r.entity}`,
      tags,
      requestBody: {
        required: false,
        content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string', maxLength: 500 }, notify: { type: 'boolean', default: false } } } } },
      },
      responses: { 200: json(ref(r.entity), `The ${r.entity} after ${action}.`), ...errors(['404', 'NotFound'], ['409', 'Conflict']) },
    },
  };
}


/**
 * Builds a synthetic OpenAPI 3.1 contract.
 * @param {number} n number of CRUD resources (≥ 1)
 * @param {{ seed?: number }} [options] PRNG seed (default 1)
 * @returns {object} the OpenAPI document
 */
export function synthesize(n, options = {}) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`synth: N must be a positive integer, got ${n}`);
  const rand = prng(options.seed ?? 1);
  const doc = {
    openapi: '3.1.0',
    info: { title: `Synthetic CRUD API (${n} resources)`, version: '1.0.0', description: 'Generated by scripts/synth.mjs for the reslayer benchmark.' },
    servers: [{ url: 'https://api.example.test' }],
    tags: [],
    paths: {},
    components: sharedComponents(),
  };
  const seen = new Set();
  for (let i = 0; i < n; i++) {
    const { entity } = resourceNames(i);
    if (seen.has(entity)) throw new Error(`synth: duplicate resource name ${entity} at index ${i}`);
    seen.add(entity);
    addResource(doc, i, n, rand);
  }
  return doc;
}

function main(argv) {
  const args = argv.slice(2);
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
  const positional = args.filter((a, i) => !a.startsWith('--') && (outIndex < 0 || i !== outIndex + 1));
  const n = Number(positional[0]);
  if (positional.length !== 1 || !Number.isInteger(n) || n < 1 || (outIndex >= 0 && !out)) {
    process.stderr.write('usage: node scripts/synth.mjs <N> [--out <file.json>]\n');
    return 2;
  }
  const text = `${JSON.stringify(synthesize(n))}\n`;
  if (out) {
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    writeFileSync(out, text);
  } else process.stdout.write(text);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv);
