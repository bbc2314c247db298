import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { defineShop, shopAppContext } from '../stacks/shop.js';

/** One function of the product as `cdk synth` left it: where its code is and what the template gives it. */
export interface FunctionAsset {
  /** The construct path without the resource, e.g. `ShopApi/auth/Function` or `ShopAuth/PreToken`. */
  name: string;
  /** Folder of the deployed code (what Lambda unpacks into /var/task). */
  dir: string;
  handler: string;
  /** Environment variables the template sets; values the template resolves at deploy time are left out. */
  literalEnvironment: Record<string, string>;
  /** Names of the variables whose value is a reference (a table name, a pool id) resolved at deploy time. */
  referencedEnvironment: string[];
}

/**
 * Synthesizes every stack of the product into `outdir`, bundling every function, as `npx cdk synth` does (with the
 * construct path and asset metadata the CLI asks for), and answers the app for a look at its constructs.
 */
export function synthesizeShop(outdir: string): App {
  const context = { ...shopAppContext, 'aws:cdk:enable-path-metadata': true, 'aws:cdk:enable-asset-metadata': true };
  const app = new App({ outdir, context });
  defineShop(app, { env: { account: '123456789012', region: 'ap-south-1' }, mailFrom: 'shop@example.com' });
  app.synth();
  return app;
}

interface TemplateResource {
  Type: string;
  Metadata?: Record<string, unknown>;
  Properties?: { Handler?: string; Environment?: { Variables?: Record<string, unknown> } };
}

/**
 * The product's own functions in a cloud assembly: those bundled as ES modules (`index.mjs`). The handlers CDK
 * adds for its own custom resources are left out; they are not the product's code.
 */
export function functionAssets(cdkOut: string): FunctionAsset[] {
  const found: FunctionAsset[] = [];
  for (const file of readdirSync(cdkOut).filter((f) => f.endsWith('.template.json')).sort()) {
    const template = JSON.parse(readFileSync(path.join(cdkOut, file), 'utf8')) as { Resources: Record<string, TemplateResource> };
    for (const resource of Object.values(template.Resources)) {
      const assetPath = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::Lambda::Function' || typeof assetPath !== 'string') continue;
      const dir = path.join(cdkOut, assetPath);
      if (!existsSync(path.join(dir, 'index.mjs'))) continue;
      const variables = resource.Properties?.Environment?.Variables ?? {};
      found.push({
        name: String(resource.Metadata?.['aws:cdk:path']).replace(/\/Resource$/, ''),
        dir,
        handler: resource.Properties?.Handler ?? 'index.handler',
        literalEnvironment: Object.fromEntries(Object.entries(variables).filter((e): e is [string, string] => typeof e[1] === 'string')),
        referencedEnvironment: Object.keys(variables).filter((key) => typeof variables[key] !== 'string'),
      });
    }
  }
  return found;
}

/** Bytes of every file under `dir`, optionally only those whose relative path passes `keep`. */
export function bytesUnder(dir: string, keep: (relative: string) => boolean = () => true): number {
  let total = 0;
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (keep(child)) total += statSync(path.join(dir, child)).size;
    }
  };
  walk('');
  return total;
}

/** The output files of a bundle that a cold start loads: the entry and the chunks it imports statically. */
export function filesLoadedAtInit(dir: string, entry = 'index.mjs'): string[] {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const code = readFileSync(path.join(dir, file), 'utf8');
    // esbuild writes static chunk imports as `import{...}from"./chunk-x.mjs"` or `import"./chunk-x.mjs"`.
    for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.mjs)["']/g)) visit(match[1]!);
  };
  visit(entry);
  return [...loaded];
}
