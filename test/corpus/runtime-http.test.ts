// The probe's request bodies (scripts/lib/runtime-http.mjs): sampling leaves the document ajv validates against as
// the contract wrote it (json-schema-faker rewrites the schemas it is given: an allOf merged in place).
import { discriminatorNames, sampleBody, writableStrings } from '../../scripts/lib/runtime-http.mjs';
import { createContractValidator } from '../runtime/mocks-helpers/schemas.js';

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: {
      Tagged: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
      Variable: { allOf: [{ $ref: '#/components/schemas/Tagged' }, { type: 'object', properties: { key: { type: 'string' } } }] },
      Holder: { type: 'object', properties: { variable: { $ref: '#/components/schemas/Variable' } } },
    },
  },
};

describe('sampleBody', () => {
  it('sampling a schema that refers to an allOf leaves the converted document as it was: the allOf still requires `type`', () => {
    const view = createContractValidator(structuredClone(doc), 'request');
    const before = structuredClone(view.converted);
    const body = sampleBody(view, '#/components/schemas/Holder', 1) as { variable?: Record<string, unknown> } | undefined;
    expect(body).toBeDefined();
    expect(view.converted).toEqual(before);
    expect(view.validate('#/components/schemas/Variable', { key: 'k' }).valid).toBe(false);
    expect(view.validate('#/components/schemas/Variable', { type: 't', key: 'k' }).valid).toBe(true);
  });
});

describe('writableStrings', () => {
  it('an update edits a plain string, never the key nor a property a discriminator names (the converted view has dropped it)', () => {
    const raw = structuredClone(doc);
    const schemas: Record<string, unknown> = raw.components.schemas;
    schemas['Tagged'] = { ...raw.components.schemas.Tagged, discriminator: { propertyName: 'type' } };
    const fixed = discriminatorNames(raw);
    expect([...fixed]).toEqual(['type']);
    const view = createContractValidator(raw, 'request');
    expect(writableStrings(view, '#/components/schemas/Variable', undefined).map((f) => f.name).sort()).toEqual(['key', 'type']);
    expect(writableStrings(view, '#/components/schemas/Variable', undefined, fixed).map((f) => f.name)).toEqual(['key']);
    expect(writableStrings(view, '#/components/schemas/Variable', 'key', fixed)).toEqual([]);
  });
});
