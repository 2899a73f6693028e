import path from 'node:path';

/**
 * How the user ran reslayer, as a command to type again, from the process: `npx reslayer` for a local install
 * (npx, a package script, or the bin under `node_modules`), `pnpm exec reslayer` when pnpm ran it, `node <path>`
 * for the built CLI of a checkout (`node packages/cli/dist/index.js`), `reslayer` for a global install on `PATH`.
 * @param argv1 the script Node.js runs (`process.argv[1]`)
 * @param env the environment (`npm_command` and `npm_config_user_agent` tell npm's and pnpm's exec and scripts)
 * @param cwd the working directory a checkout's path is shown relative to
 * @returns e.g. `npx reslayer`
 */
export function invocation(argv1: string, env: NodeJS.ProcessEnv, cwd: string): string {
  const viaPnpm = (env['npm_config_user_agent'] ?? '').startsWith('pnpm/');
  if (env['npm_command'] !== undefined) return viaPnpm ? 'pnpm exec reslayer' : 'npx reslayer';
  if (argv1.split(/[\\/]/).includes('node_modules')) return 'npx reslayer';
  if (/\.[cm]?js$/.test(argv1)) {
    const relative = path.relative(cwd, argv1);
    return `node ${relative.startsWith('..') || path.isAbsolute(relative) ? argv1 : relative.split(path.sep).join('/')}`;
  }
  return 'reslayer';
}

let current: string | undefined;

/** How this process was run ({@link invocation} of `process.argv[1]`, or what {@link useInvocation} set). */
export function reslayerCommand(): string {
  current ??= invocation(process.argv[1] ?? '', process.env, process.cwd());
  return current;
}

/**
 * Sets the command hints name (a worker thread gets the main thread's: its own `process.argv[1]` is the worker script).
 * @param command e.g. `npx reslayer`
 */
export function useInvocation(command: string): void {
  current = command;
}

/**
 * A reslayer command as the user runs it.
 * @param args the command and its arguments, e.g. `inspect --config app.config.ts`
 * @returns e.g. `npx reslayer inspect --config app.config.ts`
 */
export function cmd(args: string): string {
  return `${reslayerCommand()} ${args}`;
}

/**
 * Rewrites the commands a hint names in backticks (`` `reslayer generate` ``) as the user runs them
 * (`` `npx reslayer generate` ``); the rest of the text is left as it is.
 * @param text a hint or message of our own
 */
export function asInvoked(text: string): string {
  const command = reslayerCommand();
  return command === 'reslayer' ? text : text.replace(/`reslayer(?=[\s`])/g, `\`${command}`);
}
