export { pluginClient, PLUGIN_CLIENT } from './plugin.js';
export { pluginClient as default } from './plugin.js';
export { clientNaming, CLIENT_ROOT } from './naming.js';
export { describeOperation, type OperationSignature, type PathArgument, type ParamsMember } from './signature.js';
export { printType, docComment, getSchemaTypeNames, schemaTypeNames, type PrintOptions, type SchemaTypeNames, type TypeMode } from './printType.js';
export type { ClientOptions, ResolvedClientOptions } from './options.js';
