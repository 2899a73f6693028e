import type { DiagnosticCode } from './codes.js';
import { defaultHint } from './explanations.js';

/**
 * A thrown error with a stable code: config, input and programmer errors that stop a run.
 * The CLI maps it to exit code 2 (usage, config or input) unless `exitCode` says otherwise.
 */
export class GeneratorError extends Error {
  /** Stable code from the catalogue. */
  readonly code: DiagnosticCode;
  /** File the error is about, if any (absolute or as given). */
  readonly file: string | undefined;
  /** Location inside the file: `line:column` or a JSON pointer. */
  readonly location: string | undefined;
  /** A hint on how to fix it: the one given, else the code's default hint (see `DIAGNOSTIC_EXPLANATIONS`). */
  readonly hint: string | undefined;

  constructor(
    code: DiagnosticCode,
    message: string,
    details: { file?: string; location?: string; hint?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GeneratorError';
    this.code = code;
    this.file = details.file;
    this.location = details.location;
    this.hint = details.hint ?? defaultHint(code);
  }
}

/**
 * An error thrown by a plugin's tap, wrapped by core so the message names the plugin and the hook.
 */
export class PluginError extends GeneratorError {
  /** Name of the plugin whose tap threw. */
  readonly plugin: string;
  /** Name of the hook that was running. */
  readonly hook: string;

  constructor(plugin: string, hook: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super('RSL_PLUGIN_FAILED', `plugin "${plugin}" failed in hook "${hook}": ${reason}`, { cause });
    this.name = 'PluginError';
    this.plugin = plugin;
    this.hook = hook;
  }
}
