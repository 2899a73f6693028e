import type { ResourceNode } from '@reslayer/core';
import { banner, commentLines, importPath, stringLiteral } from '@reslayer/core';
import { clientNaming } from '@reslayer/plugin-client/naming';
import { validatorNaming } from '../naming.js';
import type { OperationPlan } from '../plan/planOperation.js';
import type { ValidatorLibrary } from '../options.js';
import { DIALECTS, printContext, RUNTIME_NS } from './library.js';

/**
 * Emits `<resource>.schemas.ts`: the schemas of each operation's parameters, body and success response,
 * each annotated with the type plugin-client generates for it, and the resource's validator registry,
 * registered with the runtime when the module is imported (importing it is how an application opts in).
 * @param resource the resource
 * @param plans the plans of its operations
 * @param options library and runtime module
 * @returns the file contents
 */
export function emitResourceSchemas(resource: ResourceNode, plans: OperationPlan[], options: { library: ValidatorLibrary; runtimeModule: string }): string {
  const dialect = DIALECTS[options.library];
  const ns = validatorNaming.typesNamespace;
  const cns = validatorNaming.componentsNamespace;
  const ctx = printContext(`${cns}.`);
  const body: string[] = [];
  for (const plan of plans) {
    const where = commentLines(plan.key, 300).join(' ');
    for (const s of plan.schemas) {
      body.push(s.type ? `/** Checks {@link ${ns}.${s.type}} (\`${where}\`). */` : `/** Checks the path parameters of \`${where}\` (as strings). */`);
      const annotation = s.type ? `: ${dialect.annotation(`${ns}.${s.type}`)}` : '';
      body.push(`export const ${s.name}${annotation} = ${dialect.print(s.node, ctx)};`, '');
    }
  }
  const registry = validatorNaming.registryObject(resource);
  body.push(`/** The validators of the \`${resource.resource}\` operations, registered with the runtime when this module is imported. */`);
  body.push(`export const ${registry} = {`);
  for (const plan of plans) body.push(`  ${stringLiteral(plan.key)}: { ${plan.entry.map(([m, c]) => `${m}: ${c}`).join(', ')} },`);
  body.push(`} satisfies ${RUNTIME_NS}.ValidatorRegistry;`, '', `${RUNTIME_NS}.registerValidators(${registry});`, '');
  const text = body.join('\n');
  const head = [banner()];
  if (plans.some((p) => p.schemas.length > 0)) head.push(dialect.importLine);
  head.push(`import * as ${RUNTIME_NS} from '${options.runtimeModule}';`);
  if (text.includes(`=> ${cns}.`)) head.push(`import * as ${cns} from '${importPath(validatorNaming.schemasFile(resource), validatorNaming.componentsFile())}';`);
  if (plans.some((p) => p.schemas.some((x) => x.type !== undefined))) head.push(`import type * as ${ns} from '${importPath(validatorNaming.schemasFile(resource), clientNaming.typesFile(resource))}';`);
  return `${head.join('\n')}\n\n${text}`;
}
