import { ts } from 'ts-morph';
import type { OutputSymbol } from './outputSymbols.js';
import type { TypeProject } from './typeProject.js';

/** What the checker says about a symbol present in both versions. */
export interface Compatibility {
  /** True when code written against the old symbol may not compile against the new one. */
  breaking: boolean;
  /** Why, one line each: "property `lastName` removed", "required parameter `force` added". */
  reasons: string[];
  /** Whether the types differ at all (assignable both ways and the same properties: no). */
  differs: boolean;
  /** Properties of the (object) type that are gone or new, to link the change to contract changes. */
  removedProperties: string[];
  addedProperties: string[];
}

/**
 * Names of types that callers build and pass in (checked both ways): `…Params`, `…Payload`,
 * `…Variables`, `…Options`, `…Writable`, `…Patch`, `…Input`, `…Request`.
 */
const INPUT_TYPE = /(Params|Payload|Variables|Options|Writable|Patch|Input|Request)$/;

const show = (checker: ts.TypeChecker, type: ts.Type) => {
  // Types of the other version print as `import("<base>/new/…").Contact`: keep the name only.
  const text = checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation).replace(/import\("[^"]*"\)\./g, '');
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** The TypeScript symbol of a generated symbol in one version. */
function symbolIn(p: TypeProject, version: 'old' | 'new', s: OutputSymbol): ts.Symbol | undefined {
  const sf = p.sourceFile(version, s.file);
  const moduleSymbol = sf && p.checker.getSymbolAtLocation(sf);
  const exported = moduleSymbol?.exports?.get(ts.escapeLeadingUnderscores(s.exportName));
  if (!exported || s.member === undefined) return exported;
  const type = p.checker.getTypeOfSymbol(exported);
  return type.getProperty(s.member);
}

/** Property names of an object type (none for primitives, unions of primitives, functions). */
function propertyNames(checker: ts.TypeChecker, type: ts.Type): Set<string> {
  const apparent = type.isUnion() ? undefined : type;
  if (!apparent || apparent.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.ESSymbolLike | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never) || apparent.getCallSignatures().length > 0) return new Set();
  return new Set(checker.getPropertiesOfType(apparent).map((p) => p.getName()));
}

/**
 * Compares one symbol's old and new types with the TypeScript checker (see docs/diff.md, "Breaks callers"):
 * - a type: the new type must be assignable to the old one (code that reads it); for an input type
 *   (`…Params`, `…Payload`, `…Variables`, …) also the old to the new (code that builds it); and no
 *   property of the old type may be gone (reading it, or passing it in an object literal, fails);
 * - a function or method: each old call signature must still be callable: no new required parameter, no
 *   parameter dropped, each old parameter type assignable to the new one, and the new return type assignable
 *   to the old one;
 * - any other value: the new type must be assignable to the old one.
 * @param p the project with both versions
 * @param s the symbol (the same id in both versions)
 * @returns the verdict, or undefined when the symbol cannot be found in the program
 */
export function compareSymbol(p: TypeProject, s: OutputSymbol): Compatibility | undefined {
  const { checker } = p;
  const o = symbolIn(p, 'old', s);
  const n = symbolIn(p, 'new', s);
  if (!o || !n) return undefined;
  const typeOf = (sym: ts.Symbol) => (s.compare === 'type' ? checker.getDeclaredTypeOfSymbol(sym) : checker.getTypeOfSymbol(sym));
  const oldType = typeOf(o);
  const newType = typeOf(n);
  const reasons: string[] = [];
  const oldSigs = s.compare === 'value' ? oldType.getCallSignatures() : [];
  const forward = checker.isTypeAssignableTo(newType, oldType);
  const backward = checker.isTypeAssignableTo(oldType, newType);
  if (oldSigs.length > 0) {
    const newSigs = newType.getCallSignatures();
    if (newSigs.length === 0) reasons.push('no longer callable');
    for (const sig of oldSigs) {
      const best = newSigs.map((ns) => callable(checker, sig, ns)).sort((a, b) => a.length - b.length)[0];
      if (best) for (const r of best) if (!reasons.includes(r)) reasons.push(r);
    }
  } else if (!forward) {
    reasons.push(`reading it: ${why(checker, newType, oldType, '', 'removed')}`);
  }
  if (s.compare === 'type' && INPUT_TYPE.test(s.exportName) && !/ErrorBody$/.test(s.exportName) && !backward) {
    reasons.push(`building it: ${why(checker, oldType, newType, '', 'now required')}`);
  }
  const before = propertyNames(checker, oldType);
  const after = propertyNames(checker, newType);
  const removedProperties = [...before].filter((x) => !after.has(x)).sort();
  const addedProperties = [...after].filter((x) => !before.has(x)).sort();
  if (oldSigs.length === 0 && forward && removedProperties.length > 0) reasons.push(`reading it: ${removedProperties.map((x) => `\`${x}\``).join(', ')} removed`);
  return { breaking: reasons.length > 0, reasons, differs: !forward || !backward || removedProperties.length + addedProperties.length > 0, removedProperties, addedProperties };
}

const isOptional = (param: ts.Symbol) => {
  const decl = param.valueDeclaration;
  return decl !== undefined && ts.isParameter(decl) && (decl.questionToken !== undefined || decl.initializer !== undefined || decl.dotDotDotToken !== undefined);
};
const isRest = (param: ts.Symbol) => {
  const decl = param.valueDeclaration;
  return decl !== undefined && ts.isParameter(decl) && decl.dotDotDotToken !== undefined;
};

/** Why a call written for `o` does not fit `n` (empty when it does). */
function callable(checker: ts.TypeChecker, o: ts.Signature, n: ts.Signature): string[] {
  const reasons: string[] = [];
  const op = o.getParameters();
  const np = n.getParameters();
  const oldRequired = op.filter((x) => !isOptional(x)).length;
  const newRequired = np.filter((x) => !isOptional(x)).length;
  if (newRequired > oldRequired) reasons.push(`required parameter ${np.slice(oldRequired, newRequired).map((x) => `\`${x.getName()}\``).join(', ')} added`);
  const newRest = np.length > 0 && isRest(np[np.length - 1] as ts.Symbol);
  for (const [i, param] of op.entries()) {
    const target = np[i] ?? (newRest ? np[np.length - 1] : undefined);
    if (!target) {
      reasons.push(`parameter \`${param.getName()}\` removed`);
      continue;
    }
    // A generic method's parameter typed by its type parameter (`options?: O`) is compared at the constraint.
    const from = atConstraint(checker, checker.getTypeOfSymbol(param));
    const to = atConstraint(checker, checker.getTypeOfSymbol(target));
    if (!checker.isTypeAssignableTo(from, to)) reasons.push(`parameter \`${target.getName()}\`: ${why(checker, from, to, '', 'now required')}`);
  }
  const oldReturn = callData(checker, o.getReturnType());
  const newReturn = callData(checker, n.getReturnType());
  if (!checker.isTypeAssignableTo(newReturn, oldReturn)) reasons.push(`return value: ${why(checker, newReturn, oldReturn, '', 'removed')}`);
  return reasons;
}

/**
 * What a generated client method resolves to without `{ raw: true }`: a promise's value with the runtime's
 * `RawResult<T>` member left out (`Promise<T | RawResult<T>>` → `T`); any other type as it is.
 */
function callData(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  const value = type.getSymbol()?.getName() === 'Promise' ? checker.getAwaitedType(type) : undefined;
  // `CallResult<T, O>` of a generic method: a conditional type on `O`, whose constraint is the union of its branches.
  const awaited = value && value.flags & ts.TypeFlags.Conditional ? (checker.getBaseConstraintOfType(value) ?? value) : value;
  if (!awaited || !awaited.isUnion()) return awaited ?? type;
  const data = awaited.types.filter((t) => t.getSymbol()?.getName() !== 'RawResult' && t.aliasSymbol?.getName() !== 'RawResult');
  return data.length === 1 ? (data[0] as ts.Type) : awaited;
}

/** A type parameter (or a union with one, `O | undefined`) with the type parameter at its constraint. */
function atConstraint(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  const has = (t: ts.Type) => (t.flags & ts.TypeFlags.TypeParameter) !== 0;
  if (has(type) || (type.isUnion() && type.types.some(has))) return checker.getBaseConstraintOfType(type) ?? type;
  return type;
}

/** The element type of an array or readonly array type, else undefined. */
function elementOf(checker: ts.TypeChecker, type: ts.Type): ts.Type | undefined {
  return checker.isArrayType(type) ? checker.getTypeArguments(type as ts.TypeReference)[0] : undefined;
}

/** An object type whose properties can be compared one by one (not a union, primitive or function). */
const isPlainObject = (type: ts.Type) => (type.flags & ts.TypeFlags.Object) !== 0 && type.getCallSignatures().length === 0;

/**
 * Why `source` is not assignable to `target`, as the first difference found below them: a property that is
 * missing (`lastName` removed), a property or element whose type no longer fits (`items[].status`), or a
 * promise's value. Gives up after a few levels and names the two types.
 * @param missing the word for a target property the source lacks: `removed` (reading) or `now required` (building)
 */
function why(checker: ts.TypeChecker, source: ts.Type, target: ts.Type, at: string, missing: string, depth = 0): string {
  const generic = () => `${at ? `\`${at}\` is` : 'now'} \`${show(checker, source)}\`${at ? '' : ','} where \`${show(checker, target)}\` was expected`;
  if (depth > 5) return generic();
  const awaited = (t: ts.Type) => (t.getSymbol()?.getName() === 'Promise' ? checker.getAwaitedType(t) : undefined);
  const [sa, ta] = [awaited(source), awaited(target)];
  if (sa && ta) return why(checker, sa, ta, at, missing, depth + 1);
  const members = (t: ts.Type) => (t.isUnion() ? t.types : [t]);
  if (source.isUnion() || target.isUnion() || source.isLiteral() || target.isLiteral()) {
    const extra = members(source).filter((m) => !checker.isTypeAssignableTo(m, target));
    if (extra.length > 0 && extra.every((m) => m.isLiteral() || (m.flags & ts.TypeFlags.BooleanLiteral) !== 0)) {
      const list = extra.map((m) => `\`${show(checker, m)}\``).join(', ');
      return missing === 'removed' ? `${at ? `\`${at}\`` : 'it'} can now be ${list}` : `${at ? `\`${at}\`` : 'it'} no longer accepts ${list}`;
    }
  }
  const [sr, tr] = [source as ts.TypeReference, target as ts.TypeReference];
  const sameGeneric = sr.target !== undefined && source.getSymbol()?.getName() === target.getSymbol()?.getName() && !elementOf(checker, source);
  if (sameGeneric) {
    const [sArgs, tArgs] = [checker.getTypeArguments(sr), checker.getTypeArguments(tr)];
    const i = sArgs.findIndex((a, k) => tArgs[k] !== undefined && !checker.isTypeAssignableTo(a, tArgs[k] as ts.Type));
    if (i >= 0) return why(checker, sArgs[i] as ts.Type, tArgs[i] as ts.Type, `${at}<${i + 1}>`, missing, depth + 1);
  }
  const [se, te] = [elementOf(checker, source), elementOf(checker, target)];
  if (se && te) return why(checker, se, te, `${at}[]`, missing, depth + 1);
  const [ss, ts_] = [source.getCallSignatures(), target.getCallSignatures()];
  if (ss.length === 1 && ts_.length === 1) {
    const [sig, tig] = [ss[0] as ts.Signature, ts_[0] as ts.Signature];
    const [sr, tr] = [sig.getReturnType(), tig.getReturnType()];
    if (!checker.isTypeAssignableTo(sr, tr)) return why(checker, sr, tr, `${at}()`, missing, depth + 1);
    for (const [i, tp] of tig.getParameters().entries()) {
      const sp = sig.getParameters()[i];
      if (!sp) continue;
      const [tpt, spt] = [checker.getTypeOfSymbol(tp), checker.getTypeOfSymbol(sp)];
      if (!checker.isTypeAssignableTo(tpt, spt)) return why(checker, tpt, spt, `${at}(${tp.getName()})`, 'now required', depth + 1);
    }
  }
  if (isPlainObject(source) && isPlainObject(target)) {
    for (const prop of checker.getPropertiesOfType(target)) {
      const name = prop.getName();
      const path = at ? `${at}.${name}` : name;
      const from = source.getProperty(name);
      const optional = (prop.flags & ts.SymbolFlags.Optional) !== 0;
      if (!from) {
        if (!optional || missing === 'removed') return `\`${path}\` ${missing}`;
        continue;
      }
      const [st, tt] = [checker.getTypeOfSymbol(from), checker.getTypeOfSymbol(prop)];
      if (!checker.isTypeAssignableTo(st, tt)) return why(checker, st, tt, path, missing, depth + 1);
    }
  }
  return generic();
}
