import { AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from 'tapable';
import type { GeneratorHooks, HookTiming } from './types.js';
import { PluginError } from '../diagnostics/GeneratorError.js';

/**
 * Builds the frozen hook bus. The return type is checked against {@link GeneratorHooks}, so a hook's
 * declared kind and its constructor cannot disagree.
 * @returns a frozen object with the `detect`, `emit` and `report` hooks
 */
export function createHooks(): Readonly<GeneratorHooks> {
  return Object.freeze({
    detect: new AsyncSeriesWaterfallHook<GeneratorHooks['detect'] extends AsyncSeriesWaterfallHook<infer A> ? A : never>(['model', 'ctx']),
    emit: new AsyncSeriesHook<GeneratorHooks['emit'] extends AsyncSeriesHook<infer A> ? A : never>(['ctx']),
    report: new SyncHook<GeneratorHooks['report'] extends SyncHook<infer A> ? A : never>(['report']),
  } satisfies GeneratorHooks);
}

/**
 * Attaches core's interceptors to every hook: each tap's time is recorded in `timings`, and an
 * exception thrown by a tap is re-thrown as a {@link PluginError} naming the plugin (the tap name) and the hook.
 * @param hooks the bus from {@link createHooks}
 * @param timings array the measurements are pushed to
 */
export function interceptHooks(hooks: Readonly<GeneratorHooks>, timings: HookTiming[]): void {
  for (const name of Object.keys(hooks) as Array<keyof GeneratorHooks>) {
    const hook = hooks[name] as unknown as { intercept(i: { register(tap: Tap): Tap }): void };
    hook.intercept({
      register(tap: Tap): Tap {
        const fn = tap.fn;
        const record = (start: number) => timings.push({ hook: name, plugin: tap.name, ms: performance.now() - start });
        const wrapped =
          tap.type === 'promise'
            ? async (...args: unknown[]) => {
                const start = performance.now();
                try {
                  return await (fn(...args) as Promise<unknown>);
                } catch (error) {
                  throw wrap(tap.name, name, error);
                } finally {
                  record(start);
                }
              }
            : tap.type === 'async'
              ? (...args: unknown[]) => {
                  const start = performance.now();
                  const callback = args.pop() as (err?: unknown, result?: unknown) => void;
                  try {
                    fn(...args, (err?: unknown, result?: unknown) => {
                      record(start);
                      callback(err ? wrap(tap.name, name, err) : err, result);
                    });
                  } catch (error) {
                    record(start);
                    callback(wrap(tap.name, name, error));
                  }
                }
              : (...args: unknown[]) => {
                  const start = performance.now();
                  try {
                    return fn(...args);
                  } catch (error) {
                    throw wrap(tap.name, name, error);
                  } finally {
                    record(start);
                  }
                };
        return { ...tap, fn: wrapped };
      },
    });
  }
}

interface Tap {
  name: string;
  type: 'sync' | 'async' | 'promise';
  fn: (...args: unknown[]) => unknown;
}

function wrap(plugin: string, hook: string, error: unknown): unknown {
  return error instanceof PluginError ? error : new PluginError(plugin, hook, error);
}
