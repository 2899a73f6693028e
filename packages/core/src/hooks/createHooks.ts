import * as tapable from 'tapable';
import type { GeneratorHooks, HookKindOf, HookTiming } from './types.js';
import { PluginError } from '../diagnostics/GeneratorError.js';

/**
 * The declared kind of each hook, as a value. Its type is derived from {@link GeneratorHooks}, so a name
 * other than the declared one does not compile (the hook types carry their kind as a tag; tapable's
 * classes alone are structurally identical and could not tell a series hook from a parallel one).
 */
export const HOOK_KINDS = {
  detect: 'AsyncSeriesWaterfallHook',
  emit: 'AsyncSeriesHook',
  report: 'SyncHook',
} as const satisfies { readonly [K in keyof GeneratorHooks]: HookKindOf<GeneratorHooks[K]> };

/** Argument names of a hook, one per declared argument. */
type ArgNames<H> = H extends { promise(...args: infer A): unknown } ? { readonly [I in keyof A]: string } : never;

/** Argument names of each hook (tapable's `_args`), as many as the hook declares. */
const HOOK_ARGS = {
  detect: ['model', 'ctx'],
  emit: ['ctx'],
  report: ['report'],
} as const satisfies { readonly [K in keyof GeneratorHooks]: ArgNames<GeneratorHooks[K]> };

/**
 * Builds one hook of the bus with the tapable constructor that its declared kind names: the constructor
 * is looked up in tapable's exports by that name, so the kind and the constructor cannot disagree.
 * @param name hook name
 */
function buildHook<K extends keyof GeneratorHooks>(name: K): GeneratorHooks[K] {
  // The one cast of the bus: the object is an instance of the class named by the tag it is given.
  const Hook = tapable[HOOK_KINDS[name]] as unknown as new (args: readonly string[]) => GeneratorHooks[K];
  return new Hook(HOOK_ARGS[name]);
}

/**
 * Builds the frozen hook bus: each hook with the constructor its declared kind names (see {@link HOOK_KINDS}).
 * A hook built any other way (e.g. `new AsyncParallelHook(['ctx'])` for `emit`) does not compile: it lacks
 * the kind tag of {@link GeneratorHooks} (proved by packages/core/test/plugin-api.typetest.ts).
 * @returns a frozen object with the `detect`, `emit` and `report` hooks
 */
export function createHooks(): Readonly<GeneratorHooks> {
  return Object.freeze({
    detect: buildHook('detect'),
    emit: buildHook('emit'),
    report: buildHook('report'),
  } satisfies GeneratorHooks);
}

/** A moment: wall milliseconds (`performance.now()`) and the process's CPU milliseconds ({@link cpuNow}). */
export type Clock = readonly [wall: number, cpu: number];

/** CPU milliseconds the process has used so far (user + system, `process.cpuUsage()`). */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The current {@link Clock}. */
export const clock = (): Clock => [performance.now(), cpuNow()];

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
        const record = ([wall, cpu]: Clock) => timings.push({ hook: name, plugin: tap.name, ms: performance.now() - wall, cpuMs: cpuNow() - cpu });
        const wrapped =
          tap.type === 'promise'
            ? async (...args: unknown[]) => {
                const start = clock();
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
                  const start = clock();
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
                  const start = clock();
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
