import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The request schema modules declare every schema with `lazySchema` (shared/lazy.ts), so a function's cold start and
 * a page's load build only the schemas a request or a form uses. The answer modules are never loaded by a function
 * (test/integration/bundles.test.ts) and the message modules build none.
 */
const dir = path.resolve('shared/schemas');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('-answers.ts') && !f.endsWith('-messages.ts'))
  .map((f) => path.join(dir, f));

describe('the schema modules of shared/schemas', () => {
  it('build no schema as they load: each module-level schema is declared with lazySchema', () => {
    const program = ts.createProgram(files, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true, noEmit: true });
    const checker = program.getTypeChecker();
    const isSchema = (node: ts.Expression) => {
      const type = checker.getTypeAtLocation(node);
      return Boolean(type.getProperty('_zod')) && type.getCallSignatures().length === 0;
    };
    const isLazy = (node: ts.Expression) => ts.isCallExpression(node) && node.expression.getText() === 'lazySchema';
    const eager: string[] = [];
    for (const file of files) {
      const source = program.getSourceFile(file)!;
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          const init = declaration.initializer;
          if (!init) continue;
          const where = `${path.basename(file)}: ${declaration.name.getText()}`;
          if (isSchema(init) && !isLazy(init)) eager.push(where);
          if (ts.isObjectLiteralExpression(init)) {
            for (const property of init.properties) {
              if (ts.isPropertyAssignment(property) && isSchema(property.initializer) && !isLazy(property.initializer)) eager.push(`${where}.${property.name.getText()}`);
            }
          }
        }
      }
    }
    expect(files.length).toBeGreaterThan(20);
    expect(eager).toEqual([]);
  }, 60_000);
});
