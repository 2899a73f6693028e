// Pure formatting helpers of the CLI (table-driven, exact strings).
import type { Diagnostic } from '@reslayer/core';
import { createApiModel, createResource } from '@reslayer/core/host';
import { countDiagnostics, formatCounts, formatDiagnostics } from '../src/format/formatDiagnostics.js';
import { colorsFor, formatError } from '../src/format/formatError.js';
import { escapeHtml } from '../src/format/formatReport.js';
import { countByKind, resourcesToJson } from '../src/format/formatResources.js';
import { formatTable } from '../src/format/table.js';

const plain = colorsFor(process.stdout, true);

describe('formatTable', () => {
  test.each<[string, { headers: string[]; rows: string[][]; want: string[] }]>([
    ['pads columns, no trailing spaces', { headers: ['A', 'Bee'], rows: [['long', 'x'], ['y', '']], want: ['A     Bee', 'long  x', 'y'] }],
    ['header only', { headers: ['Resource', 'Kind'], rows: [], want: ['Resource  Kind'] }],
  ])('%s', (_name, { headers, rows, want }) => {
    expect(formatTable(headers, rows)).toEqual(want);
  });
});

describe('escapeHtml', () => {
  test.each([
    ['<script>', '&lt;script&gt;'],
    [`"a" & 'b'`, '&quot;a&quot; &amp; &#39;b&#39;'],
    ['plain', 'plain'],
  ])('%s', (given, want) => {
    expect(escapeHtml(given)).toBe(want);
  });
});

describe('formatDiagnostics', () => {
  const warn = (i: number): Diagnostic => ({
    code: 'RSL_PATH_PARAM_UNDECLARED',
    severity: 'warning',
    message: `param ${i}`,
    location: `GET /p${i}/{x}`,
    hint: 'Declare it.',
  });

  test('groups repeated codes with a count and "… and N more"', () => {
    const list: Diagnostic[] = [
      { code: 'RSL_REF_UNRESOLVED', severity: 'error', message: 'bad ref', location: '#/a' },
      ...[1, 2, 3, 4, 5].map(warn),
    ];
    expect(formatDiagnostics(list, plain)).toEqual([
      'error   RSL_REF_UNRESOLVED',
      '  #/a  bad ref',
      'warning RSL_PATH_PARAM_UNDECLARED (5)',
      '  GET /p1/{x}  param 1',
      '  GET /p2/{x}  param 2',
      '  GET /p3/{x}  param 3',
      '  … and 2 more',
      '  hint: Declare it.',
    ]);
  });

  test('counts per severity', () => {
    const info: Diagnostic = { code: 'RSL_RESOURCE_PARTIAL', severity: 'info', message: 'm' };
    const counts = countDiagnostics([warn(1), info]);
    expect(counts).toEqual({ errors: 0, warnings: 1, infos: 1 });
    expect(formatCounts(counts)).toBe('0 errors, 1 warning, 1 info');
  });
});

describe('formatError', () => {
  test('prints code, message and hint, and no stack', () => {
    const error = Object.assign(new Error('x.yaml: not found'), { code: 'RSL_INPUT_NOT_FOUND', hint: 'Check the path.' });
    expect(formatError(error, plain)).toBe('reslayer: error RSL_INPUT_NOT_FOUND: x.yaml: not found\n  hint: Check the path.');
  });
});

describe('resourcesToJson: a CRUD resource without writes is read-only', () => {
  const op = (role: 'list' | 'read' | 'delete', key: string) => ({ role, name: role, operationKey: key });
  const model = createApiModel({
    resources: [
      createResource('pools', { crudCandidate: true, missingOperations: ['create', 'update', 'delete'], operations: [op('list', 'GET /pools'), op('read', 'GET /pools/{id}')] }),
      createResource('assets', { missingOperations: ['list', 'create', 'update', 'delete'], operations: [op('read', 'GET /assets/{id}')] }),
      createResource('pins', { missingOperations: ['create', 'update'], operations: [op('list', 'GET /pins'), op('read', 'GET /pins/{id}'), op('delete', 'DELETE /pins/{id}')] }),
    ],
  });

  it('read-only, with only a missing list or read listed; a resource with a write stays crud with its missing operations', () => {
    const records = resourcesToJson(model);
    expect(records.map((r) => [r.resource, r.kind, r.missingOperations])).toEqual([
      ['pools', 'read-only', []],
      ['assets', 'read-only', ['list']],
      ['pins', 'crud', ['create', 'update']],
    ]);
    expect(countByKind(records)).toEqual([['crud', 1], ['read-only', 2]]);
  });
});
