import { GeneratorError } from '../diagnostics/GeneratorError.js';

/**
 * Upgrades a Swagger 2.0 document to OpenAPI 3.0 with the maintained `swagger2openapi` converter.
 *
 * @param document the parsed Swagger 2.0 document (not modified)
 * @param file its file name, for messages
 * @returns the OpenAPI 3.0 document
 * @throws GeneratorError `RSL_UNSUPPORTED_VERSION` when the version is not 2.0 or the conversion fails
 * @see https://github.com/Mermade/oas-kit/tree/main/packages/swagger2openapi
 */
export async function upgradeSwagger2(document: Record<string, unknown>, file: string): Promise<Record<string, unknown>> {
  if (String(document['swagger']) !== '2.0') {
    throw new GeneratorError('RSL_UNSUPPORTED_VERSION', `${file}: Swagger version ${String(document['swagger'])} is not supported (2.0 is upgraded; 3.0.x, 3.1.x and 3.2.x are read)`, {
      file,
      location: '#/swagger',
    });
  }
  const mod = (await import('swagger2openapi')) as unknown as { default?: { convertObj?: Converter }; convertObj?: Converter };
  const convertObj = mod.convertObj ?? mod.default?.convertObj;
  if (!convertObj) throw new Error('swagger2openapi has no convertObj export');
  try {
    const result = await convertObj(structuredClone(document), { patch: true, warnOnly: true, resolve: false });
    return result.openapi;
  } catch (error) {
    throw new GeneratorError('RSL_UNSUPPORTED_VERSION', `${file}: the Swagger 2.0 document could not be upgraded to OpenAPI 3: ${(error as Error).message}`, {
      file,
      location: '#/swagger',
      cause: error,
    });
  }
}

type Converter = (doc: unknown, options: Record<string, unknown>) => Promise<{ openapi: Record<string, unknown> }>;
