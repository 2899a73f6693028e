// Operation features of the fixture contracts through the built CLI (`pnpm build` first): naming
// (operationIds, reserved words, collisions) and operation shapes. See fixtures.test.ts.
import path from 'node:path';
import { listFiles } from './helpers/cli.js';
import { generated, src } from './helpers/fixtureCases.js';

describe('naming: operationIds, reserved words, digits, dashes, spaces, collisions', () => {
  const methodsOf = (resource: string) =>
    [...src('3.0-naming', `shared/api/generated/${resource}/${resource}.client.ts`).matchAll(/^ {2}([A-Za-z_$][\w$]*)(?:<O extends CallOptions = RequestOptions>)?\(/gm)].map((m) => m[1]);

  it('resources: the same collection under two parents carries its parent', () => {
    const dirs = listFiles(path.join(generated('3.0-naming').outDir, 'src/shared/api/generated'))
      .filter((f) => f.endsWith('.client.ts'))
      .map((f) => path.basename(f, '.client.ts'));
    expect(dirs).toEqual(['matrix', 'orgsMembers', 'settings', 'teamsMembers', 'toolbox', 'tools', 'userProfiles']);
    expect(methodsOf('orgsMembers')).toEqual(['listOrgMembers', 'getOrgMember']);
    expect(methodsOf('teamsMembers')).toEqual(['listTeamMembers', 'deleteTeamMember']);
  });

  it('operationIds with "/", ".", "-", spaces, a digit first, a reserved word, duplicates, or none', () => {
    // `settings/replace.v2`: the tag prefix and the version part are dropped, the verb leads.
    expect(methodsOf('settings')).toEqual(['resetSettings', 'updateSettingsNow', 'replaceSettings']);
    // The second `duplicate` is named from method and path, not with a counter.
    expect(methodsOf('tools')).toEqual(['delete_', 'duplicate', 'replaceTools']);
    expect(methodsOf('toolbox')).toEqual(['deleteToolbox', '_2faSettings', 'duplicate']);
    expect(methodsOf('matrix')).toEqual(['getMatrix', 'optionsMatrixRowCol']);
    expect(methodsOf('userProfiles')).toEqual(['listUserProfiles', 'getUserProfile', 'deleteUserProfile']);
  });

  it('type names built from those operations are valid identifiers', () => {
    const types = src('3.0-naming', 'shared/api/generated/toolbox/toolbox.types.ts');
    expect(types).toContain('export type _2faSettingsResponse = void;');
    expect(types).toContain('export type _2faSettingsError = ApiError<_2faSettingsErrorBody>;');
    expect(src('3.0-naming', 'shared/api/generated/tools/tools.types.ts')).toContain('export type ReplaceToolsResponse = void;');
    expect(src('3.0-naming', 'features/toolbox/api/use2faSettingsMutation.ts')).toContain('export type _2faSettingsVariables = void;');
  });

  it('hooks: one uniquely named file per operation', () => {
    const hooks = (r: string) =>
      listFiles(path.join(generated('3.0-naming').outDir, 'src/features', r, 'api'))
        .map((f) => path.basename(f, '.ts'))
        .filter((n) => n !== 'index');
    expect(hooks('tools')).toEqual(['useDeleteMutation', 'useDuplicateMutation', 'useReplaceToolsMutation']);
    expect(hooks('toolbox')).toEqual(['use2faSettingsMutation', 'useDeleteToolboxMutation', 'useDuplicateMutation']);
    expect(hooks('settings')).toEqual(['useReplaceSettingsMutation', 'useResetSettingsMutation', 'useUpdateSettingsNowMutation']);
  });

  it('schema names: reserved words, a digit first, spaces, three names that collide after casing, global type names', () => {
    const names = [...src('3.0-naming', 'shared/api/generated/components.types.ts').matchAll(/^export type (\w+) =/gm)].map((m) => m[1]);
    expect(names).toEqual(['BlobType', 'Class', 'DateType', 'Default', 'Delete', 'MySchemaName', 'UserProfile', 'UserProfile2', 'UserProfile3', '_2fa']);
    const c = src('3.0-naming', 'shared/api/generated/components.types.ts');
    // `UserProfile` < `user-profile` < `user_profile` in code-unit order: the suffixes do not depend on the contract's order.
    expect(c).toContain('export type UserProfile = {\n  pascal?: string;\n  kind?: Default;\n};');
    expect(c).toContain('export type UserProfile2 = {\n  kebab?: string;\n  twoFactor?: _2fa;\n};');
    expect(c).toContain('export type UserProfile3 = {\n  snake?: string;\n  removed?: Delete;\n};');
  });

  it('property names that are reserved words, start with a digit, or hold dashes and spaces are quoted only when needed', () => {
    expect(src('3.0-naming', 'shared/api/generated/components.types.ts')).toContain(
      [
        'export type Class = {',
        '  class?: string;',
        '  default?: string;',
        '  delete?: boolean;',
        "  '2fa'?: boolean;",
        "  'with-dash'?: string;",
        "  'with space'?: string;",
        '  $dollar?: string;',
        '  _under?: string;',
        '};',
      ].join('\n'),
    );
  });

  it('parameters: a reserved-word path parameter, a query parameter of the same name, dashed names', () => {
    const client = src('3.0-naming', 'shared/api/generated/userProfiles/userProfiles.client.ts');
    expect(client).toContain('getUserProfile<O extends CallOptions = RequestOptions>(class_: string, params?: GetUserProfileParams, options?: O): Promise<CallResult<GetUserProfileResponse, O>> {');
    expect(client).toContain('pathParams: { class: class_ },');
    expect(client).toContain('query: { class: params?.class },');
    expect(client).toContain("query: { 'page-size': params?.['page-size'], default: params?.default },");
    expect(src('3.0-naming', 'shared/api/generated/userProfiles/userProfiles.query-keys.ts')).toContain(
      'detail: (class_: string | number, params?: GetUserProfileParams) => [...details(), class_, params ?? {}] as const,',
    );
  });

  it('duplicate operationIds are reported, and the names stay distinct', () => {
    const dups = generated('3.0-naming').json?.diagnostics.filter((d) => d.code === 'RSL_OPERATION_ID_DUPLICATE');
    expect(dups?.map((d) => d.location)).toEqual(['PATCH /tools', 'PUT /tools']);
  });
});


describe('operation shapes', () => {
  it('nested resource: the parent parameter is part of every client signature', () => {
    const client = src('3.0-operations', 'shared/api/generated/branchesLoans/branchesLoans.client.ts');
    expect(client).toContain('listLoans<O extends CallOptions = RequestOptions>(branchId: string, params?: ListLoansParams, options?: O): Promise<CallResult<ListLoansResponse, O>> {');
    expect(client).toContain('getLoan<O extends CallOptions = RequestOptions>(branchId: string, loanId: number, options?: O): Promise<CallResult<GetLoanResponse, O>> {');
    expect(client).toContain('createLoan<O extends CallOptions = RequestOptions>(branchId: string, payload: CreateLoanPayload, options?: O): Promise<CallResult<CreateLoanResponse, O>> {');
    expect(client).toContain('updateLoan<O extends CallOptions = RequestOptions>(branchId: string, loanId: number, payload: UpdateLoanPayload, options?: O): Promise<CallResult<UpdateLoanResponse, O>> {');
    expect(client).toContain('deleteLoan<O extends CallOptions = RequestOptions>(branchId: string, loanId: number, options?: O): Promise<CallResult<DeleteLoanResponse, O>> {');
    expect(client).toContain('pathParams: { branchId: branchId, loanId: loanId },');
    expect(client).toContain("queryStyles: { tags: { style: 'form', explode: false } },");
  });

  it('nested resource: the parent parameter is part of the query keys and of the hooks', () => {
    const keys = src('3.0-operations', 'shared/api/generated/branchesLoans/branchesLoans.query-keys.ts');
    expect(keys).toContain('list: (branchId: string | number, params?: ListLoansParams) => [...lists(), branchId, params ?? {}] as const,');
    expect(keys).toContain('detail: (branchId: string | number, loanId: string | number) => [...details(), branchId, loanId] as const,');
    const query = src('3.0-operations', 'features/branchesLoans/api/useLoanQuery.ts');
    expect(query).toContain('export function loanQueryOptions(branchId: string | undefined, loanId: number | undefined) {');
    expect(query).toContain('queryKey: branchesLoansQueryKeys.detail(branchId as string | number, loanId as string | number) as DataTag<');
    expect(query).toContain(
      'queryFn: branchId === undefined || loanId === undefined ? skipToken : ({ signal }: { signal: AbortSignal }) => branchesLoansClient.getLoan(branchId, loanId, { signal }),',
    );
    // An action on a nested item: that item, and only its parent's lists.
    const renew = src('3.0-operations', 'features/loansRenew/api/useRenewLoanMutation.ts');
    expect(renew).toContain(
      'invalidate: (variables) => [loansRenewQueryKeys.all, [...branchesLoansQueryKeys.lists(), variables.branchId] as const, branchesLoansQueryKeys.detail(variables.branchId, variables.loanId)] as const,',
    );
  });

  it('multipart and form-urlencoded request bodies', () => {
    const upload = src('3.0-operations', 'shared/api/generated/documents/documents.client.ts');
    expect(upload).toContain("bodyType: 'multipart',");
    expect(src('3.0-operations', 'shared/api/generated/documents/documents.types.ts')).toContain(
      'export type CreateDocumentPayload = {\n  file: Blob;\n  title?: string;\n  pages?: number;\n};',
    );
    const token = src('3.0-operations', 'shared/api/generated/oauthToken/oauthToken.client.ts');
    expect(token).toContain("bodyType: 'form',\n      mediaType: 'application/x-www-form-urlencoded',");
    expect(src('3.0-operations', 'shared/api/generated/oauthToken/oauthToken.types.ts')).toContain(
      "export type IssueTokenPayload = {\n  grant_type: 'client_credentials' | 'refresh_token';\n  scope?: string;\n};",
    );
  });

  it('binary upload (octet-stream) and download', () => {
    expect(src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.client.ts')).toContain(
      "body: payload,\n      bodyType: 'binary',\n      mediaType: 'application/octet-stream',\n      responseType: 'none',",
    );
    expect(src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.types.ts')).toContain('export type PutDocumentContentPayload = Blob;');
    // The binary GET on the same path is part of the same resource.
    const download = src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.client.ts');
    expect(download).toContain('downloadDocumentContent<O extends CallOptions = RequestOptions>(documentId: string, params?: DownloadDocumentContentParams, options?: O): Promise<CallResult<DownloadDocumentContentResponse, O>> {');
    expect(download).toContain("headers: { Range: params?.Range },\n      accept: 'application/octet-stream',\n      responseType: 'blob',");
    expect(src('3.0-operations', 'shared/api/generated/documentsContent/documentsContent.types.ts')).toContain('export type DownloadDocumentContentResponse = Blob;');
  });

  it('204, 202 and HEAD responses without a body are void; a default-only response is the success type', () => {
    const loans = src('3.0-operations', 'shared/api/generated/branchesLoans/branchesLoans.types.ts');
    expect(loans).toContain('export type DeleteLoanResponse = void;');
    expect(loans).toContain('export type DeleteLoanErrorBody = Schemas.Problem;');
    expect(src('3.0-operations', 'shared/api/generated/loansRenew/loansRenew.types.ts')).toContain('export type RenewLoanResponse = void;');
    expect(src('3.0-operations', 'shared/api/generated/jobs/jobs.types.ts')).toContain('export type StartJobResponse = void;');
    const ping = src('3.0-operations', 'shared/api/generated/ping/ping.types.ts');
    expect(ping).toContain('export type PingResponse = {\n  ok?: boolean;\n};');
    expect(ping).toContain('export type HeadPingResponse = void;');
    expect(src('3.0-operations', 'shared/api/generated/ping/ping.client.ts')).toContain("method: 'HEAD',\n      path: '/ping',\n      responseType: 'none',");
  });

  it('header and cookie parameters, required ones making params required', () => {
    const client = src('3.0-operations', 'shared/api/generated/reports/reports.client.ts');
    expect(client).toContain('getReport<O extends CallOptions = RequestOptions>(reportId: string, params: GetReportParams, options?: O): Promise<CallResult<GetReportResponse, O>> {');
    expect(client).toContain("headers: { 'X-Tenant': params?.['X-Tenant'] },\n      cookies: { session: params?.session, preview: params?.preview },");
    expect(src('3.0-operations', 'shared/api/generated/reports/reports.types.ts')).toContain(
      "export interface GetReportParams {\n  'X-Tenant': string;\n  session?: string;\n  preview?: boolean;\n}",
    );
    expect(src('3.0-operations', 'shared/api/generated/jobs/jobs.client.ts')).toContain('startJob<O extends CallOptions = RequestOptions>(params: StartJobParams, options?: O): Promise<CallResult<StartJobResponse, O>> {');
  });

  it('several success media types: the JSON one is read, so the operation is a plain read, not a download', () => {
    expect(src('3.0-operations', 'shared/api/generated/reports/reports.client.ts')).toContain("responseType: 'json',");
    expect(src('3.0-operations', 'shared/api/generated/reports/reports.types.ts')).toContain('export type GetReportResponse = Schemas.Report;');
    expect(src('3.0-operations', 'shared/api/generated/exports/exports.client.ts')).toContain("responseType: 'text',");
  });
});
