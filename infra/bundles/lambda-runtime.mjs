// Module hooks that stand in for the Lambda Node.js runtime: it provides the AWS SDK v3 (`@aws-sdk/*`) to the
// function's code, and nothing else. Every other bare import must be satisfied by the bundle itself, so a module
// left out of the bundle fails here as it would in AWS. The repository's pinned SDK plays the runtime's SDK.

const runtimeRoot = new URL('../../package.json', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@aws-sdk/')) return next(specifier, { ...context, parentURL: runtimeRoot });
  return next(specifier, context);
}
