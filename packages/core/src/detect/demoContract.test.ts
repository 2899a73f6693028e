import { loadContract } from '../contract/loadContract.js';
import { normalizeContract } from '../contract/normalize.js';
import { Diagnostics } from '../diagnostics/Diagnostics.js';
import { detectResources } from './detectResources.js';
import { DEMO_CONTRACT } from '../../test/paths.js';

describe('the public-crm demo contract', () => {
  const setup = async () => {
    const diagnostics = new Diagnostics();
    const contract = await loadContract(DEMO_CONTRACT);
    const model = detectResources(normalizeContract(contract, diagnostics), diagnostics);
    return { contract, model, diagnostics };
  };

  it('detects 6 resources with the expected names, kinds and entities', async () => {
    const { model } = await setup();
    expect(model.resources.map((r) => [r.resource, r.resourceKind, r.entity, r.crudCandidate, r.missingOperations])).toEqual([
      ['companies', 'crud', 'Company', true, []],
      ['contacts', 'crud', 'Contact', true, []],
      ['contactsArchive', 'action', 'Contact', false, []],
      ['dashboardSummary', 'summary', 'DashboardSummary', false, []],
      ['filesDownload', 'download', 'File', false, []],
      ['search', 'search', 'Search', false, []],
    ]);
  });

  it('maps every demo operation to the expected resource and role', async () => {
    const { model } = await setup();
    const roles = Object.fromEntries(model.resources.flatMap((r) => r.operations.map((o) => [o.operationKey, `${r.resource}.${o.role}:${o.name}`])));
    expect(roles).toEqual({
      'GET /api/v1/companies': 'companies.list:listCompanies',
      'POST /api/v1/companies': 'companies.create:createCompany',
      'GET /api/v1/companies/{companyId}': 'companies.read:getCompany',
      'PATCH /api/v1/companies/{companyId}': 'companies.update:updateCompany',
      'DELETE /api/v1/companies/{companyId}': 'companies.delete:deleteCompany',
      'GET /api/v1/contacts': 'contacts.list:listContacts',
      'POST /api/v1/contacts': 'contacts.create:createContact',
      'GET /api/v1/contacts/{contactId}': 'contacts.read:getContact',
      'PATCH /api/v1/contacts/{contactId}': 'contacts.update:updateContact',
      'DELETE /api/v1/contacts/{contactId}': 'contacts.delete:deleteContact',
      'POST /api/v1/contacts/{contactId}/archive': 'contactsArchive.action:archiveContact',
      'GET /api/v1/dashboard/summary': 'dashboardSummary.summary:getDashboardSummary',
      'GET /api/v1/files/{fileId}/download': 'filesDownload.download:downloadFile',
      'GET /api/v1/search': 'search.search:search',
    });
    expect(model.operations).toHaveLength(14);
  });

  it('raises zero diagnostics', async () => {
    const { diagnostics, contract } = await setup();
    expect(contract.notices).toEqual([]);
    expect(diagnostics.list()).toEqual([]);
  });

  it('keeps the document meta', async () => {
    const { model } = await setup();
    expect(model.meta).toEqual({
      title: 'Public CRM Demo API',
      version: '1.0.0',
      openapi: '3.1.0',
      serverUrl: 'https://crm.example.test',
      sourceFile: DEMO_CONTRACT,
      securitySchemes: ['oauth2'],
      webhookOperations: 0,
    });
  });
});
