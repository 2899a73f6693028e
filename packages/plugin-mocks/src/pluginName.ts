/** Name of the mocks plugin (also its tap name). */
export const PLUGIN_MOCKS = 'plugin-mocks';
