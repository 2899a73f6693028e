declare module 'swagger2openapi' {
  /** Converts a Swagger 2.0 object to OpenAPI 3.0. */
  export function convertObj(doc: unknown, options: Record<string, unknown>): Promise<{ openapi: Record<string, unknown> }>;
}
