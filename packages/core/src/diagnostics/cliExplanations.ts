import type { DiagnosticCode } from './codes.js';
import type { Explanation } from './explanations.js';

/**
 * The explanations of the codes the command line raises (section "Command line" of `docs/diagnostics.md`), part of
 * `DIAGNOSTIC_EXPLANATIONS`.
 */
export const CLI_EXPLANATIONS: Readonly<Record<Extract<DiagnosticCode, 'RSL_USAGE' | 'RSL_WATCH_FAILED' | 'RSL_MOCK_PORT_IN_USE' | 'RSL_NODE_VERSION'>, Explanation>> = {
  RSL_USAGE: {
    section: 'Command line',
    severity: 'thrown by the CLI (exit code 2)',
    what: 'The command line is not valid: an unknown command or option, a missing or extra input, an option without its value, or `init` refusing to overwrite a file.',
    why: 'Nothing runs, so nothing is written.',
    fix: 'Follow the "did you mean" suggestion if there is one, and see `reslayer --help` or `reslayer <command> --help`.',
    examples: ['Unknown argument: confg. Did you mean --config?', 'generator.config.ts already exists; pass --force to overwrite it'],
    hint: 'Run `reslayer --help` or `reslayer <command> --help`.',
  },
  RSL_WATCH_FAILED: {
    section: 'Command line',
    severity: 'printed by `reslayer generate --watch`, which goes on watching',
    what: 'The file watcher reported an error, most often that the system\'s limit of file watchers is reached (ENOSPC on Linux) or that a file cannot be read.',
    why: 'A file that is not watched does not regenerate the layer when it is saved; the other files still do.',
    fix: 'On Linux, raise the limit (`sysctl fs.inotify.max_user_watches=524288`, or close other watching tools), fix the file\'s permissions, then restart the watch.',
    examples: ['cannot watch for changes: ENOSPC: System limit for number of file watchers reached, watch \'/home/dev/app/openapi.yaml\''],
    hint: 'Restart the watch once the cause is fixed; until then, run `reslayer generate` after each save.',
  },
  RSL_MOCK_PORT_IN_USE: {
    section: 'Command line',
    severity: 'thrown by `reslayer mock` before it serves anything (exit code 2)',
    what: '`reslayer mock` could not listen on the port and host it was given: another process listens there (EADDRINUSE), the port needs privileges (EACCES), or the host is not an address of this machine (EADDRNOTAVAIL).',
    why: 'A mock server on another port than the one the application calls would look like a down API, so it stops instead of picking a free port itself.',
    fix: 'Stop the process on that port (`lsof -i :4010` shows it), or pass another `--port` (and point the application at it); for EACCES use a port above 1023.',
    examples: ['cannot listen on 127.0.0.1:4010: the port is in use (EADDRINUSE)'],
    hint: 'Pass another --port, or stop the process that listens on it.',
  },
  RSL_NODE_VERSION: {
    section: 'Command line',
    severity: 'thrown by the CLI before it loads anything else (exit code 2)',
    what: 'The CLI runs on a Node.js older than 22.12, the oldest version reslayer supports (the `engines` field of every reslayer package says the same).',
    why: 'Parts of reslayer and of what it generates need newer Node.js APIs: the generated MSW 3 mocks call `Promise.withResolvers`, which older versions lack, so an application would fail at run time with `Promise.withResolvers is not a function`.',
    fix: 'Install Node.js 22.12 or later (an LTS release, e.g. with nvm, fnm, Volta or your system\'s package manager) and run the command again; `node --version` shows which one runs.',
    examples: ['Node.js 20.20.2 is too old: reslayer needs Node.js 22.12 or later'],
    hint: 'Install Node.js 22.12 or later (`node --version` shows the one in use).',
  },
};
