import path from 'node:path';
import type { OperationNode, ResourceKind } from '../model/types.js';
import type { NamingOverrides } from '../config/types.js';
import { GeneratorError } from '../diagnostics/GeneratorError.js';
import { runGenerator } from '../run/createGenerator.js';
import { MAX_NAME_LENGTH } from './words.js';
import { DEMO_CONTRACT } from '../../test/paths.js';
import { detect, op, summaries, summary, type Row } from '../../test/namingOps.js';

// Names that do not mislead (docs/naming.md): names as prefixes and file names, reasons, overrides, determinism.

describe('resource names are only prefixes and file names', () => {
  it('a reserved word is kept as it is (global, not global_); a leading digit still gets _', () => {
    expect(detect([op('get', '/global', undefined, 'array'), op('get', '/1clicks', undefined, 'array')]).resources.map((r) => r.resource)).toEqual(['_1clicks', 'global']);
  });

  it('no name is cut up to 80 characters; longer ones are shortened word by word, never hashed, and stay distinct', () => {
    // A method-and-path operationId names an action by its verb and the item it acts on (the file).
    const word = 'securityClassification-6VMVochwUWo';
    const { resources } = detect([op('post', `/files/{id}/metadata/enterprise/${word}`, `post_files_id_metadata_enterprise_${word}`)]);
    expect(resources.map((r) => r.operations.map((o) => o.name))).toEqual([['securityClassification6VmVochwUWoFile']]);
    const long = (tail: string) => op('post', `/${'segment'.repeat(12)}/{id}/${tail}`, `create_${'word_'.repeat(20)}${tail}`);
    const names = detect([long('one'), long('two')]).resources.flatMap((r) => r.operations.map((o) => o.name));
    for (const name of names) expect(name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    for (const name of names) expect(name).not.toMatch(/H[0-9a-z]{7}$/);
    expect(new Set(names).size).toBe(2);
  });
});

describe('reasons', () => {
  const rows: Array<[string, { given: OperationNode[]; want: string[] }]> = [
    [
      'CRUD roles say the structure and the operationId verdict',
      {
        given: [op('get', '/pets', 'listPets', 'array'), op('get', '/pets/{id}', undefined, 'object')],
        want: ['list: GET on collection /pets; operationId listPets agrees', 'read: GET on item /pets/{id}; no operationId'],
      },
    ],
    [
      'a declined role says why',
      {
        given: [op('post', '/images/generations', 'deleteAllGenerations')],
        want: ['other: POST on collection /images/generations would be create, but operationId deleteAllGenerations names the verb "delete"; named from its operationId'],
      },
    ],
    [
      'an action on a verb segment',
      {
        given: [op('post', '/graders/run', 'runGrader')],
        want: ['action: POST on /graders/run, whose last segment "run" is no plural noun (a singular noun, a verb or a number), so no collection; named from its operationId'],
      },
    ],
    [
      'a role held twice',
      {
        given: [op('patch', '/notes/{id}'), op('put', '/notes/{id}')],
        want: ['update: PATCH on item /notes/{id}; no operationId', 'update: PUT on item /notes/{id}; no operationId; a PUT beside a PATCH on the same item, named replace'],
      },
    ],
    ['a download', { given: [op('get', '/files/{id}/download', undefined, 'binary')], want: ['download: GET on /files/{id}/download answers with a binary body; no operationId, named from role and entity'] }],
  ];
  it.each(rows)('%s', (_name, { given, want }) => {
    expect(detect(given).resources.flatMap((r) => r.operations.map((o) => o.reason))).toEqual(want);
  });

  it('every operation has a reason that starts with its role', () => {
    const { resources } = detect([op('get', '/a', 'listA', 'array'), op('post', '/a/{id}/b'), op('get', '/c/d', undefined, 'object'), op('get', '/{x}/{y}')]);
    for (const r of resources) for (const o of r.operations) expect(o.reason).toMatch(new RegExp(`^${o.role}: `));
  });
});

describe('overrides', () => {
  const given = [
    op('get', '/albums/{id}/users', 'getAlbumUsers', 'array'),
    op('delete', '/albums/{id}/users/{userId}', 'removeUserFromAlbum'),
    op('get', '/albums', 'getAllAlbums', 'array'),
  ];

  it('rename a resource, its entity and a method', () => {
    const { resources, diagnostics } = detect(given, {
      resources: { albumsUsers: { name: 'albumMembers', entity: 'AlbumMember' }, albums: { entity: 'PhotoAlbum' } },
      operations: { removeUserFromAlbum: { name: 'removeAlbumMember' } },
    });
    expect(Object.fromEntries(resources.map(summary))).toEqual({
      'albumMembers (crud, AlbumMember)': ['list listAlbumMembers', 'delete removeAlbumMember'],
      'albums (crud, PhotoAlbum)': ['list listPhotoAlbums'],
    });
    expect(resources[0]?.operations[1]?.reason).toMatch(/; named by overrides\.operations\.removeUserFromAlbum$/);
    expect(diagnostics.list().filter((d) => d.severity === 'error')).toEqual([]);
  });

  const bad: Array<[string, { overrides: NamingOverrides; want: string[] }]> = [
    ['a resource that is not detected', { overrides: { resources: { albumUsers: { name: 'x' } } }, want: ['overrides.resources.albumUsers matches no detected resource'] }],
    ['a case variant gets a hint', { overrides: { resources: { AlbumsUsers: { name: 'x' } } }, want: ['overrides.resources.AlbumsUsers matches no detected resource (did you mean "albumsUsers"?)'] }],
    ['an operationId that is not in the contract', { overrides: { operations: { deleteAlbumUser: { name: 'x' } } }, want: ['overrides.operations.deleteAlbumUser matches no operationId of the contract'] }],
    [
      'a new name that another resource has (case-insensitively)',
      { overrides: { resources: { albumsUsers: { name: 'Albums' } } }, want: ['overrides.resources.albumsUsers.name "Albums" is also the name of resource "albums"'] },
    ],
  ];
  it.each(bad)('an override that matches nothing or clashes is an RSL_OVERRIDE_INVALID error: %s', (_name, { overrides, want }) => {
    const { diagnostics, resources } = detect(given, overrides);
    const errors = diagnostics.list().filter((d) => d.code === 'RSL_OVERRIDE_INVALID');
    expect(errors.map((d) => [d.severity, d.message])).toEqual(want.map((m) => ['error', m]));
    // Detection still completes with the detected names.
    expect(resources.map((r) => r.resource)).toEqual(['albums', 'albumsUsers']);
  });

  it('a run with an override that matches nothing stops with RSL_CONFIG_INVALID (exit code 2)', async () => {
    const config = { input: DEMO_CONTRACT, outputRoot: path.join(path.dirname(DEMO_CONTRACT), 'never-written'), srcDir: 'src', plugins: [], allowRemoteRefs: false };
    const error: unknown = await runGenerator({ ...config, overrides: { resources: { contact: { name: 'people' } } } }, { skipEmit: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).code).toBe('RSL_CONFIG_INVALID');
    expect((error as GeneratorError).message).toContain('overrides.resources.contact matches no detected resource');
    const ok = await runGenerator({ ...config, overrides: { resources: { contacts: { name: 'people', entity: 'Person' } }, operations: { search: { name: 'find' } } } }, { skipEmit: true });
    expect(ok.model.resources.map((r) => `${r.resource}.${r.operations.map((o) => o.name).join(',')}`)).toEqual([
      'companies.listCompanies,getCompany,createCompany,updateCompany,deleteCompany',
      'contactsArchive.archiveContact',
      'dashboardSummary.getDashboardSummary',
      'filesDownload.downloadFile',
      'people.listPeople,getPerson,createPerson,updatePerson,deletePerson',
      'search.find',
    ]);
  });

});

describe('determinism', () => {
  const all = [
    op('get', '/albums/{id}/users', 'getAlbumUsers', 'array'),
    op('delete', '/albums/{id}/user/{userId}', 'removeUserFromAlbum'),
    op('post', '/graders/run', 'runGrader'),
    op('get', '/users/me', 'getMyUser', 'object'),
    op('get', '/foo-bar', undefined, 'array'),
    op('get', '/foobar', undefined, 'array'),
    op('put', '/assets/metadata', 'updateBulkAssetMetadata'),
    op('get', '/assets/{id}/metadata', undefined, 'array'),
    op('get', '/people/{id}/thumbnail', 'getPersonThumbnail', 'binary'),
  ];
  const baseline = detect(all);
  it.each([[[...all].reverse()], [[...all.slice(4), ...all.slice(0, 4)]], [[...all].sort((a, b) => (a.key < b.key ? 1 : -1))]])('any operation order gives the same resources and diagnostics', (given) => {
    const again = detect(given);
    expect(again.resources).toEqual(baseline.resources);
    expect(again.diagnostics.list()).toEqual(baseline.diagnostics.list());
  });

  it('kinds stay what the table says', () => {
    const kinds: Record<string, ResourceKind> = Object.fromEntries(baseline.resources.map((r) => [r.resource, r.resourceKind]));
    expect(kinds).toEqual({
      albumsUser: 'crud',
      albumsUsers: 'crud',
      assetsMetadata: 'crud',
      bulkAssetMetadata: 'other',
      fooBar: 'summary',
      getFoobar: 'summary',
      gradersRun: 'action',
      peopleThumbnail: 'download',
      usersMe: 'summary',
    });
  });
});
