/**
 * Every path to the AI provider, found in the server's source with the TypeScript compiler
 * (issue 36 finding 3: "a test lists every call site of the provider client and fails if one
 * bypasses the gate"; policies/spending-gate.test.ts). Three rules:
 * 1. every call of a provider method (the chat client, the narrator, its memory, the
 *    illustrator, the server's voice: PROVIDER_METHODS) has a SpendingPass in scope: a parameter or local variable of
 *    an enclosing function that is a pass or holds one (policies/spending.ts is the only module
 *    that issues passes). Calls inside the provider's own implementations (IMPLEMENTATIONS) are
 *    the provider itself: their callers carry the pass;
 * 2. the provider's address (PROVIDER_ADDRESSES) is read only by the modules that build the
 *    clients, and by screening, which spends no tokens (ADDRESS_READERS);
 * 3. no module but the gate writes a pass: no type assertion to SpendingPass, and no assertion
 *    (`as any`, `as never`…) handed where a pass is expected.
 */

import path from "node:path";
import ts from "typescript";

/** The provider's methods, by the interface that declares them (file relative to the repository). */
const PROVIDER_METHODS: readonly { file: string; name: string; methods: readonly string[] }[] = [
  { file: "src/server/domain/ai/openai-client.ts", name: "ChatClient", methods: ["stream", "complete"] },
  { file: "src/server/domain/ai/types.ts", name: "Narrator", methods: ["stream", "repairChoices"] },
  { file: "src/server/domain/ai/types.ts", name: "NarratorMemory", methods: ["extractFacts", "summarize"] },
  { file: "src/server/domain/ai/illustrator/types.ts", name: "Illustrator", methods: ["draw", "title"] },
  { file: "src/server/domain/ai/speech.ts", name: "Voice", methods: ["say"] },
];
const METHOD_NAMES = new Set(PROVIDER_METHODS.flatMap((p) => p.methods));

/** Modules that implement a provider interface over the chat client: the calls in them are the provider's own. */
const IMPLEMENTATIONS = new Set(["src/server/domain/ai/openai-narrator.ts", "src/server/domain/ai/provider-memory.ts", "src/server/domain/ai/illustrator/title.ts"]);

/** Settings holding the provider's address. */
const PROVIDER_ADDRESSES = new Set(["AI_BASE_URL", "IMAGE_BASE_URL", "MODERATION_BASE_URL", "TTS_BASE_URL"]);

/** Who may read them: the env's schema, the two modules that build the clients, and screening (free /moderations). */
const ADDRESS_READERS = new Set(["src/server/platform/env.ts", "src/server/domain/ai/narrator.ts", "src/server/domain/ai/illustrator/index.ts", "src/server/domain/ai/speech.ts", "src/server/features/moderation/screening.ts"]);

/** The gate: the only module that issues a pass. */
const GATE = "src/server/domain/policies/spending.ts";

/** One place that breaks a rule: file (relative), line (1-based), the rule and the code. */
export interface Bypass {
  file: string;
  line: number;
  rule: "provider call without a pass" | "provider address read" | "forged pass";
  code: string;
}

/** One provider call found: file, line and the callee's text (e.g. 'options.narrator.stream'). */
export interface ProviderCall {
  file: string;
  line: number;
  callee: string;
}

/** A source file added to the program (a test's fixture): its path relative to the repository and its text. */
export interface ExtraSource {
  file: string;
  text: string;
}

/**
 * Builds the program of the server's modules (src/server, tests and test helpers left out), with
 * `extra` files as if they were on disk. Only the project's own modules are read: packages and
 * Node's modules stay unresolved (their types are `any`), since every type the rules ask about
 * (the provider interfaces, the pass, AppDeps) is the project's; this keeps the analysis to a few
 * seconds. Input: the repository's root and the extra files. Output: the program.
 */
export function serverProgram(root: string, extra: readonly ExtraSource[] = []): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error("tsconfig.json not readable");
  const isServerModule = (file: string) => file.includes("/src/server/") && !file.endsWith(".test.ts") && !file.includes("/src/server/testing/");
  const extraByPath = new Map(extra.map((e) => [path.join(root, e.file), e.text]));
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, types: [], lib: ["lib.es2023.d.ts"] };
  const host = ts.createCompilerHost(options);
  host.resolveModuleNames = (names, containing) => names.map((name) => (name.startsWith(".") ? ts.resolveModuleName(name, containing, options, host).resolvedModule : undefined));
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (file, language, ...rest) => {
    const text = extraByPath.get(path.resolve(file));
    return text === undefined ? getSourceFile.call(host, file, language, ...rest) : ts.createSourceFile(file, text, language);
  };
  host.fileExists = (file) => extraByPath.has(path.resolve(file)) || fileExists.call(host, file);
  host.readFile = (file) => extraByPath.get(path.resolve(file)) ?? readFile.call(host, file);
  return ts.createProgram([...config.fileNames.filter(isServerModule), ...extraByPath.keys()], options, host);
}

/** The analysis of one program: every provider call, and every place that breaks a rule. */
export function providerPaths(program: ts.Program, root: string): { calls: ProviderCall[]; bypasses: Bypass[] } {
  const checker = program.getTypeChecker();
  const calls: ProviderCall[] = [];
  const bypasses: Bypass[] = [];
  const relative = (sf: ts.SourceFile) => path.relative(root, sf.fileName).split(path.sep).join("/");
  const where = (node: ts.Node) => {
    const sf = node.getSourceFile();
    return { file: relative(sf), line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 };
  };
  /** True for SpendingPass, or a union holding it (e.g. SpendingPass | null). */
  const isPass = (type: ts.Type): boolean =>
    type.isUnion()
      ? type.types.some(isPass)
      : (type.getSymbol()?.declarations?.some((d) => ts.isInterfaceDeclaration(d) && d.name.text === "SpendingPass" && relative(d.getSourceFile()) === GATE) ?? false);
  /** A pass, or an object with a pass among its properties (e.g. a prepared turn). */
  const carriesPass = (type: ts.Type, at: ts.Node): boolean =>
    isPass(type) ||
    checker
      .getNonNullableType(type)
      .getProperties()
      .some((p) => isPass(checker.getTypeOfSymbolAtLocation(p, at)));

  /** True when a function enclosing `node` has a parameter or local variable carrying a pass. */
  const passInScope = (node: ts.Node): boolean => {
    for (let scope = node.parent; scope; scope = scope.parent) {
      if (!ts.isFunctionLike(scope)) continue;
      const fn = scope;
      if (fn.parameters.some((p) => carriesPass(checker.getTypeAtLocation(p), p))) return true;
      let found = false;
      const visitLocals = (child: ts.Node) => {
        if (found || (ts.isFunctionLike(child) && child !== fn)) return;
        if (ts.isVariableDeclaration(child) && carriesPass(checker.getTypeAtLocation(child), child)) found = true;
        ts.forEachChild(child, visitLocals);
      };
      ts.forEachChild(fn, visitLocals);
      if (found) return true;
    }
    return false;
  };

  /** A call of one of PROVIDER_METHODS, as the checker resolves the method. */
  const isProviderMethod = (call: ts.CallExpression): call is ts.CallExpression & { expression: ts.PropertyAccessExpression } => {
    if (!ts.isPropertyAccessExpression(call.expression) || !METHOD_NAMES.has(call.expression.name.text)) return false;
    const method = call.expression.name.text;
    const declarations = checker.getSymbolAtLocation(call.expression.name)?.declarations ?? [];
    return declarations.some((d) => {
      const owner = d.parent;
      return ts.isInterfaceDeclaration(owner) && PROVIDER_METHODS.some((p) => p.file === relative(d.getSourceFile()) && p.name === owner.name.text && p.methods.includes(method));
    });
  };

  /** Assertions that silence the checker: what they hand on is checked against where it goes. */
  const UNCHECKED = new Set([ts.SyntaxKind.AnyKeyword, ts.SyntaxKind.NeverKeyword, ts.SyntaxKind.UnknownKeyword]);
  /** A type assertion (`x as T`, `<T>x`) to a pass, or one that silences the checker where a pass is expected. */
  const forgesPass = (node: ts.AsExpression | ts.TypeAssertion): boolean => {
    if (UNCHECKED.has(node.type.kind)) {
      const contextual = checker.getContextualType(node);
      return contextual !== undefined && isPass(contextual);
    }
    return !ts.isConstTypeReference(node.type) && isPass(checker.getTypeFromTypeNode(node.type));
  };

  for (const sf of program.getSourceFiles()) {
    const file = relative(sf);
    if (sf.isDeclarationFile || file.startsWith("..") || file.includes("node_modules")) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isProviderMethod(node)) {
        calls.push({ ...where(node), callee: node.expression.getText() });
        if (!IMPLEMENTATIONS.has(file) && !passInScope(node)) bypasses.push({ ...where(node), rule: "provider call without a pass", code: node.expression.getText() });
      }
      if ((ts.isPropertyAccessExpression(node) && PROVIDER_ADDRESSES.has(node.name.text)) || (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && PROVIDER_ADDRESSES.has(node.argumentExpression.text))) {
        if (!ADDRESS_READERS.has(file)) bypasses.push({ ...where(node), rule: "provider address read", code: node.getText() });
      }
      if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && file !== GATE && forgesPass(node)) {
        bypasses.push({ ...where(node), rule: "forged pass", code: node.getText() });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { calls, bypasses };
}
