import { refReading } from './refFiles.js';
import { thrown } from '../../test/thrown.js';

describe('refReading: the parser of every file the bundler reads', () => {
  it('applies the size limit to a file it did not read itself (a remote $ref, with allowRemoteRefs)', () => {
    const reading = refReading('/p/openapi.yaml', ['/p'], 64);
    const error = thrown(() => reading.parser.parse({ url: 'https://example.com/big.yaml', data: Buffer.from(`type: string\ndescription: ${'x'.repeat(100)}\n`) }));
    expect(error.code).toBe('RSL_INPUT_TOO_LARGE');
    expect(error.message).toMatch(/^https:\/\/example\.com\/big\.yaml: a file named by a \$ref is \d+ bytes, over the limit of 64 bytes$/);
    expect(reading.failure()).toBe(error);
  });

  it('parses a remote file within the limit like a local one', () => {
    const reading = refReading('/p/openapi.yaml', ['/p'], 1_000);
    expect(reading.parser.parse({ url: 'https://example.com/pet.yaml', data: 'type: string\n' })).toEqual({ type: 'string' });
  });
});
