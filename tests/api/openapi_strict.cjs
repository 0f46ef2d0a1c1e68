// The strict half of api.openapi_lint: docs/openapi.json is valid OpenAPI 3.1 for
// @seriousme/openapi-schema-validator, and every schema in it (components, parameters, request
// bodies, answers) compiles under ajv's strict mode as JSON Schema 2020-12 (Redocly's rules do
// not look inside schemas: a duplicate in a `required` list passed them).
// Usage: node openapi_strict.cjs OPENAPI_JSON NPM_CACHE_DIR
'use strict';
const fs = require('fs');
const path = require('path');
const [doc_path, cache] = process.argv.slice(2);
const mod = (name) => require(path.join(cache, 'node_modules', name));
const { Validator } = mod('@seriousme/openapi-schema-validator');
const Ajv2020 = mod('ajv/dist/2020').default;

let passed = 0, failed = 0;
const check = (ok, what) => { if (ok) passed++; else { failed++; console.log('FAIL ' + what); } };

(async () => {
  const doc = JSON.parse(fs.readFileSync(doc_path, 'utf8'));
  const res = await new Validator().validate(doc);
  check(res.valid, 'openapi-schema-validator: ' + JSON.stringify(res.errors, null, 1));

  // Every schema, with the components as $defs (local references rewritten to them).
  const text = JSON.stringify(doc).replace(/"#\/components\/schemas\//g, '"#/$defs/');
  const all = JSON.parse(text);
  const defs = all.components.schemas;
  const schemas = [];
  for (const [name, s] of Object.entries(defs)) schemas.push(['components.schemas.' + name, s]);
  const visit = (node, where) => {
    if (Array.isArray(node)) return node.forEach((x, i) => visit(x, where + '[' + i + ']'));
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'examples' || k === 'example') continue;
      if (k === 'schema' && v && typeof v === 'object') schemas.push([where, v]);
      else visit(v, where + '.' + k);
    }
  };
  visit(all.paths, 'paths');
  for (const kind of ['parameters', 'responses', 'headers']) visit(all.components[kind] || {}, 'components.' + kind);
  for (const [where, s] of schemas) {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    try {
      ajv.compile({ $defs: defs, ...s });
      check(true, where);
    } catch (e) {
      check(false, 'ajv strict, ' + where + ': ' + e.message);
    }
  }
  // Every example fits its schema (the examples are real exchanges: test_openapi_examples.py).
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  const media = [];
  const collect = (op, where) => {
    const body = op.requestBody && op.requestBody.content && op.requestBody.content['application/json'];
    if (body) media.push([where + ' request', body]);
    for (const [status, r] of Object.entries(op.responses || {}))
      for (const [type, m] of Object.entries((r && r.content) || {})) media.push([where + ' ' + status + ' ' + type, m]);
  };
  for (const [p, ops] of Object.entries(all.paths))
    for (const [m, op] of Object.entries(ops)) if (op && op.responses) collect(op, m.toUpperCase() + ' ' + p);
  for (const [where, m] of media)
    for (const [name, ex] of Object.entries(m.examples || {})) {
      if (!m.schema) continue;
      const v = ajv.compile({ $defs: defs, ...m.schema });
      check(v(ex.value), 'example ' + name + ' of ' + where + ' does not fit its schema: ' + JSON.stringify(v.errors));
    }
  console.log(passed + ' passed, ' + failed + ' failed');
  process.exit(failed ? 1 : 0);
})();
