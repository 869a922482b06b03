// ESLint rule shop/no-loops-outside-jobs (eslint.config.js applies it to bff/src outside bff/src/jobs/):
// background work has one home, bff/src/jobs/, and one way of running, jobs/background-loop.ts
// (docs/decisions/0057). Outside it the rule refuses
// - setInterval (global, globalThis., or node:timers'),
// - a self-rescheduling setTimeout: one inside a function f whose callback is f, or calls f
//   (`const poll = () => { …; setTimeout(poll, ms) }`),
// - a wait inside a loop (`for (;;) { …; await sleep(ms) }`, `await new Promise((r) => setTimeout(r, ms))`).
// The import of jobs/background-loop.ts outside jobs/ is refused by the architecture check
// (.dependency-cruiser.mjs, only-jobs-run-loops).
//
// An exception is explicit and says why: a comment `// not a job: <why>` on the line of the call or
// the line above it (server.ts's drain timer, a listener's reconnect).

const EXCEPTION = /not a job:\s*\S.{8,}/;
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const LOOPS = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForOfStatement', 'ForInStatement']);

/** The timer a call starts: 'setInterval', 'setTimeout' or null (also `globalThis.setTimeout`, `timers.setInterval`). */
function timerOf(callee, sleepNames) {
  if (callee.type === 'Identifier') {
    if (sleepNames.has(callee.name)) return 'sleep';
    if (callee.name === 'setInterval' || callee.name === 'setTimeout') return callee.name;
  }
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    if (callee.property.name === 'setInterval' || callee.property.name === 'setTimeout') return callee.property.name;
  }
  return null;
}

/** The name a function goes by: its own, or the variable, property or method it is assigned to. */
function nameOf(fn) {
  if (fn.id?.name) return fn.id.name;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && parent.key.type === 'Identifier') {
    return parent.key.name;
  }
  if (parent?.type === 'AssignmentExpression' && parent.left.type === 'Identifier') return parent.left.name;
  return null;
}

/** Whether `node` (a callback) is, or calls, one of `names`. */
function refersTo(node, names, visitorKeys) {
  if (!node) return false;
  if (node.type === 'Identifier') return names.has(node.name);
  if (!FUNCTIONS.has(node.type)) return false;
  let found = false;
  const visit = (current) => {
    if (found || !current || typeof current.type !== 'string') return;
    if (current.type === 'CallExpression' && current.callee.type === 'Identifier' && names.has(current.callee.name)) {
      found = true;
      return;
    }
    for (const key of visitorKeys[current.type] ?? []) {
      const child = current[key];
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  visit(node.body);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLoopsOutsideJobs = {
  meta: {
    type: 'problem',
    docs: { description: 'Background loops live in bff/src/jobs/ and run on jobs/background-loop.ts' },
    schema: [],
    messages: {
      interval:
        'setInterval outside bff/src/jobs/: background work is a job there, on jobs/background-loop.ts (docs/decisions/0057). An exception needs `// not a job: <why>` on or above this line.',
      rescheduling:
        'A setTimeout that schedules its own function again is a loop: make it a job in bff/src/jobs/ on jobs/background-loop.ts (docs/decisions/0057). An exception needs `// not a job: <why>` on or above this line.',
      sleepInLoop:
        'A wait inside a loop is a background loop: make it a job in bff/src/jobs/ on jobs/background-loop.ts (docs/decisions/0057). An exception needs `// not a job: <why>` on or above this line.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const excepted = new Set();
    for (const comment of sourceCode.getAllComments()) {
      if (EXCEPTION.test(comment.value)) {
        excepted.add(comment.loc.end.line);
        excepted.add(comment.loc.end.line + 1);
      }
    }
    // what node:timers/promises' setTimeout is imported as (`import { setTimeout as sleep } …`)
    const sleepNames = new Set();
    const report = (node, messageId) => {
      if (!excepted.has(node.loc.start.line)) context.report({ node, messageId });
    };
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'node:timers/promises' && node.source.value !== 'timers/promises') return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'setTimeout') sleepNames.add(specifier.local.name);
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'setInterval') report(specifier, 'interval');
        }
      },
      CallExpression(node) {
        const timer = timerOf(node.callee, sleepNames);
        if (!timer) return;
        if (timer === 'setInterval') return report(node, 'interval');
        const ancestors = sourceCode.getAncestors(node);
        const enclosing = ancestors.filter((ancestor) => FUNCTIONS.has(ancestor.type));
        const names = new Set(enclosing.map(nameOf).filter(Boolean));
        if (timer === 'setTimeout' && refersTo(node.arguments[0], names, sourceCode.visitorKeys)) return report(node, 'rescheduling');
        // a wait: a sleep, or a setTimeout whose callback is a promise's resolve, inside a loop of its own function
        const innermost = enclosing.at(-1);
        const inside = innermost ? ancestors.slice(ancestors.indexOf(innermost)) : ancestors;
        const awaited = timer === 'sleep' || (innermost && innermost.parent?.type === 'NewExpression' && innermost.parent.callee.name === 'Promise');
        if (!awaited) return;
        // for a promise's resolve, the loop is around the `new Promise`: look outside its executor
        const scope = timer === 'sleep' ? inside : ancestors.slice(ancestors.indexOf(enclosing.at(-2) ?? ancestors[0]), ancestors.indexOf(innermost));
        if (scope.some((ancestor) => LOOPS.has(ancestor.type))) report(node, 'sleepInLoop');
      },
    };
  },
};

export default { rules: { 'no-loops-outside-jobs': noLoopsOutsideJobs } };
