import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that name the source file and line in AWS, without loading source maps on a cold start. A deployed
 * bundle is minified and carries its maps beside it (`index.mjs.map`, infra/constructs/app-function.ts); a map is
 * read only when an error is logged, once per container. Frames of files without a map (the local stack and tests
 * run the TypeScript sources) are left as they are.
 */
const maps = new Map<string, SourceMap | null>();

function mapOf(fileUrl: string): SourceMap | null {
  if (!maps.has(fileUrl)) {
    let map: SourceMap | null = null;
    try {
      const mapFile = `${fileURLToPath(fileUrl)}.map`;
      if (existsSync(mapFile)) map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
    } catch {
      // An unreadable map leaves the frame as it is; the error itself is still logged.
    }
    maps.set(fileUrl, map);
  }
  return maps.get(fileUrl)!;
}

export function sourceMappedStack(stack: string | undefined): string | undefined {
  return stack?.replace(/(file:\/\/[^\s()]+\.mjs):(\d+):(\d+)/g, (frame, fileUrl: string, line: string, column: string) => {
    const entry = mapOf(fileUrl)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) return frame;
    return `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
