import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type * as TypeScript from 'typescript';

const KERNEL_SRC = resolve(__dirname, '..');

/** A package a module graph loads at start, and the first source file that imports it. */
export interface StaticPackageImport {
  name: string;
  importedBy: string;
}

function resolveSource(base: string): string | undefined {
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts'), join(stem, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function resolveKernel(specifier: string): string | undefined {
  if (specifier === 'shared-kernel') return join(KERNEL_SRC, 'index.ts');
  return resolveSource(join(KERNEL_SRC, specifier.slice('shared-kernel/'.length)));
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The module specifiers a file imports statically with a run-time value (no `import type`, no `import()`). */
function staticSpecifiers(ts: typeof TypeScript, file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && named && ts.isNamedImports(named) &&
        named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly);
      if (onlyTypes) continue;
      specifiers.push((statement.moduleSpecifier as TypeScript.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as TypeScript.StringLiteral).text);
    }
  }
  return specifiers;
}

/**
 * The npm packages a browser module graph loads before its first render: follows static
 * imports (relative files and the kernel's subpaths, which Module Federation also loads up
 * front when imported statically) and stops at dynamic `import()`, which loads later. For
 * tests that keep heavy libraries off a page's first load.
 *
 * @example
 * const names = (await staticPackageImports('shell/src/bootstrap.tsx')).map((p) => p.name);
 * expect(names).not.toContain('react-router');
 */
export async function staticPackageImports(entryFile: string): Promise<StaticPackageImport[]> {
  // Loaded on call: the testing entry is imported by every component test, which need no compiler.
  const ts = (await import('typescript')).default;
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [resolve(entryFile)];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticSpecifiers(ts, file)) {
      if (specifier.endsWith('.css')) continue;
      let target: string | undefined;
      if (specifier.startsWith('.')) target = resolveSource(resolve(dirname(file), specifier));
      else if (specifier === 'shared-kernel' || specifier.startsWith('shared-kernel/')) target = resolveKernel(specifier);
      else {
        const name = packageName(specifier);
        if (!packages.has(name)) packages.set(name, file);
        continue;
      }
      if (!target) throw new Error(`${file}: cannot resolve ${specifier}`);
      queue.push(target);
    }
  }
  return [...packages].map(([name, importedBy]) => ({ name, importedBy }));
}
