// Jest transformer for Svelte 5: compiles `.svelte` components and `.svelte.js` modules (runes) with the
// Svelte compiler, for the client, as a bundler's Svelte plugin would. Only the run-time test of the
// svelte-query adapter loads such files (@tanstack/svelte-query ships its runes uncompiled).
const { compile, compileModule } = require('svelte/compiler');

module.exports = {
  /**
   * @param {string} source the file's text
   * @param {string} filename its absolute path
   * @returns {{ code: string, map: object }} the compiled ES module
   */
  process(source, filename) {
    const options = { filename, generate: 'client', dev: false };
    const { js } = filename.endsWith('.svelte') ? compile(source, { ...options, css: 'injected' }) : compileModule(source, options);
    return { code: js.code, map: js.map };
  },
};
