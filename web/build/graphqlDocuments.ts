import { transformAsync, types as t, type PluginObj } from '@babel/core';
import { Kind, parse } from 'graphql';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const DOCUMENT_QUERY = '?document=';
/** One generated document: `export const XDocument = {…json…} as unknown as DocumentNode<…>;` */
const DOCUMENT_LINE = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/;
/** Codegen's names (pascal case per `_`-separated part): CartLine_item → CartLine_ItemFragmentDoc. */
const pascal = (name: string) =>
  name
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('_');

/**
 * The export name in graphql.ts of the document in a `graphql(\`…\`)` call, or null when it is not
 * one. A name codegen spells otherwise fails the build in `load` (no such export), never silently.
 */
function documentName(source: string): string | null {
  const [definition] = parse(source).definitions;
  if (definition?.kind === Kind.OPERATION_DEFINITION && definition.name) {
    return `${pascal(definition.name.value)}Document`;
  }
  if (definition?.kind === Kind.FRAGMENT_DEFINITION) return `${pascal(definition.name.value)}FragmentDoc`;
  return null;
}

/** `graphql(\`query X …\`)` → an import of X's document alone (see graphqlDocuments). */
function importEachDocument(documentsModule: string): PluginObj {
  return {
    name: 'drx-graphql-documents',
    visitor: {
      CallExpression(call, state) {
        const { callee, arguments: args } = call.node;
        if (!t.isIdentifier(callee, { name: 'graphql' }) || !t.isTemplateLiteral(args[0])) return;
        const name = documentName(args[0].quasis[0].value.raw);
        if (!name) return;
        const program = call.findParent((p) => p.isProgram())!;
        // A fresh local name: the document is often assigned to a constant of the same name.
        const local = program.scope.generateUidIdentifier(name);
        const from = path.relative(path.dirname(state.filename!), documentsModule).split(path.sep).join('/');
        const source = `${from.startsWith('.') ? from : `./${from}`}${DOCUMENT_QUERY}${name}`;
        (program.node as t.Program).body.unshift(
          t.importDeclaration([t.importSpecifier(local, t.identifier(name))], t.stringLiteral(source)),
        );
        call.replaceWith(local);
      },
    },
  };
}

/**
 * Each page loads only the GraphQL documents it uses (issue 14).
 *
 * `graphql(\`query X …\`)` looks its document up in web/src/gql/gql.ts, a map of every document of
 * the app, so every page would load all of them. As graphql-codegen's client-preset Babel plugin
 * does, each call becomes an import of that one document; but where that plugin imports it from
 * web/src/gql/graphql.ts — one module, which a bundler keeps whole in one chunk holding every
 * document some page uses — here each document is its own small module (its JSON taken from
 * graphql.ts, fragments already inlined by codegen) and lands in the chunk of the page using it.
 * Types still come from graphql.ts (TypeScript never sees these modules). Only files with a
 * `graphql(` call go through Babel, which parses TypeScript and JSX and changes nothing else.
 */
export function graphqlDocuments(artifactDirectory: string): Plugin {
  const generated = path.resolve(artifactDirectory);
  const documentsModule = path.join(generated, 'graphql.ts');
  let cache: { mtimeMs: number; documents: Map<string, string> } | undefined;

  const documents = () => {
    const { mtimeMs } = fs.statSync(documentsModule);
    if (cache?.mtimeMs !== mtimeMs) {
      const found = new Map<string, string>();
      for (const line of fs.readFileSync(documentsModule, 'utf8').split('\n')) {
        const match = DOCUMENT_LINE.exec(line);
        if (match) found.set(match[1], match[2]);
      }
      cache = { mtimeMs, documents: found };
    }
    return cache.documents;
  };

  return {
    name: 'drx:graphql-documents',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.startsWith(generated) || !code.includes('graphql(`')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [importEachDocument(documentsModule)],
      });
      return result?.code == null ? null : { code: result.code, map: result.map };
    },
    resolveId(source, importer) {
      const at = source.indexOf(DOCUMENT_QUERY);
      if (at < 0 || !importer) return null;
      return path.resolve(path.dirname(importer), source.slice(0, at)) + source.slice(at);
    },
    load(id) {
      const at = id.indexOf(DOCUMENT_QUERY);
      if (at < 0 || id.slice(0, at) !== documentsModule) return null;
      const name = id.slice(at + DOCUMENT_QUERY.length);
      const json = documents().get(name);
      if (!json) throw new Error(`${name} is not in ${documentsModule}: run \`npm run codegen\`.`);
      this.addWatchFile(documentsModule);
      return `export const ${name} = ${json};\n`;
    },
  };
}
