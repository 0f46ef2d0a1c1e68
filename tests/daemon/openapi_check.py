# Validates a daemon answer against docs/openapi.json: the operation (method + path template)
# must document the status, the body must fit that response's schema, and no object may carry
# a member its schema does not declare; and a request the daemon answered 2xx must fit the
# operation's request schema and query parameters (the spec may not refuse what the server
# accepts). daemon_util.Daemon.request calls it for every exchange, so every daemon test checks
# the contract. Needs python3-jsonschema (scripts/deps).
import copy
import json
import os
import re
import urllib.parse

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC_PATH = os.path.join(ROOT, 'docs', 'openapi.json')


def _to_json_schema(node, components):
    """OpenAPI schema -> JSON Schema: $ref inlined (the document has no cycles), nullable
    (OpenAPI 3.0) as a type union, allOf merged, and objects closed (additionalProperties false)
    unless the schema says otherwise."""
    if isinstance(node, list):
        return [_to_json_schema(n, components) for n in node]
    if not isinstance(node, dict):
        return node
    if '$ref' in node:
        target = components[node['$ref'].split('/')[-1]]
        rest = {k: v for k, v in node.items() if k != '$ref'}
        merged = dict(copy.deepcopy(target), **rest) if rest else target
        return _to_json_schema(merged, components)
    out = {}
    for k, v in node.items():
        if k in ('example', 'examples', 'discriminator', 'xml', 'externalDocs', 'deprecated', 'readOnly',
                 'writeOnly'):
            continue
        if k == 'properties':
            out[k] = {name: _to_json_schema(s, components) for name, s in v.items()}
        elif k == 'additionalProperties' and isinstance(v, dict):
            out[k] = _to_json_schema(v, components)
        else:
            out[k] = _to_json_schema(v, components)
    if 'allOf' in out:  # merge: closing each part alone would refuse the others' members
        parts = out.pop('allOf')
        for p in parts:
            for k, v in p.items():
                if k == 'properties':
                    out.setdefault('properties', {}).update(v)
                elif k == 'required':
                    out['required'] = sorted(set(out.get('required', [])) | set(v))
                elif k not in out:
                    out[k] = v
    if out.pop('nullable', False):
        if 'type' in out:
            out['type'] = [out['type'], 'null'] if isinstance(out['type'], str) else out['type'] + ['null']
        if 'enum' in out and None not in out['enum']:
            out['enum'] = out['enum'] + [None]
        if 'type' not in out:
            out = {'anyOf': [out, {'type': 'null'}]}
    if out.get('type') in ('object', ['object', 'null']) and 'properties' in out and 'additionalProperties' not in out:
        out['additionalProperties'] = False
    return out


class Contract:
    def __init__(self, path=DOC_PATH):
        with open(path, encoding='utf-8') as f:
            self.doc = json.load(f)
        self.components = self.doc.get('components', {}).get('schemas', {})
        self.responses = self.doc.get('components', {}).get('responses', {})
        self.routes = []
        for template, ops in self.doc['paths'].items():
            rx = re.compile('^' + re.sub(r'\\{[^}]+\\}', '[^/]+', re.escape(template)) + '$')
            self.routes.append((rx, template, ops))
        # Literal paths before templated ones (/v1/lessons/preview is not /v1/lessons/{id}).
        self.routes.sort(key=lambda r: r[1].count('{'))
        self._validators = {}

    def operation(self, method, path):
        """(template, operation or None, methods the path has) for a request path."""
        path = path.split('?', 1)[0]
        for rx, template, ops in self.routes:
            if rx.match(path):
                m = 'get' if method.upper() == 'HEAD' else method.lower()
                return template, ops.get(m), [k.upper() for k in ops if k != 'parameters']
        return None, None, []

    def _response(self, op, status):
        r = op['responses'].get(str(status)) or op['responses'].get('%dXX' % (status // 100)) or \
            op['responses'].get('default')
        if r and '$ref' in r:
            r = self.responses[r['$ref'].split('/')[-1]]
        return r

    def problems(self, method, path, status, content_type, body):
        """What in this answer the document does not say; [] when it fits."""
        template, op, methods = self.operation(method, path)
        if template is None:
            if status == 404:
                return []  # an unknown route: the documented 404 of no operation
            return ['%s %s: no path of the document matches' % (method, path)]
        if op is None:
            if status == 405:
                return []
            if method.upper() == 'OPTIONS':  # preflights: HTTP, not operations (docs/api.md "Browsers")
                return [] if status == 204 and body in ('', None) else ['OPTIONS %s: %d %r' % (path, status, body)]
            return ['%s %s: the path has no %s operation (%s)' % (method, path, method, methods)]
        resp = self._response(op, status)
        if resp is None:
            return ['%s %s answered %d, which the operation does not document' % (method, template, status)]
        content = resp.get('content')
        if not content or method.upper() == 'HEAD':
            return []
        ctype = (content_type or '').split(';')[0].strip()
        media = content.get(ctype)
        if media is None:
            return ['%s %s %d: Content-Type %r is not documented (%s)' % (method, template, status, ctype,
                                                                         sorted(content))]
        if 'schema' not in media or ctype != 'application/json':
            return []
        key = (template, method.lower(), str(status), ctype)
        v = self._validators.get(key)
        if v is None:
            schema = _to_json_schema(media['schema'], self.components)
            v = self._validators[key] = jsonschema.Draft202012Validator(schema)
        errs = sorted(v.iter_errors(body), key=lambda e: list(e.absolute_path))
        return ['%s %s %d: at %s: %s' % (method, template, status, '/'.join(map(str, e.absolute_path)) or '.',
                                        e.message[:300]) for e in errs[:5]]


    def request_problems(self, method, path, body):
        """What in a request the daemon accepted the document does not allow; [] when it fits."""
        template, op, _ = self.operation(method, path)
        if not op:
            return []
        out = []
        query = path.split('?', 1)[1] if '?' in path else ''
        params = {}
        for p in op.get('parameters', []):
            if '$ref' in p:
                p = self.doc['components']['parameters'][p['$ref'].split('/')[-1]]
            if p.get('in') == 'query':
                params[p['name']] = p
        for pair in filter(None, query.split('&')):
            name, _, value = pair.partition('=')
            value = urllib.parse.unquote_plus(value)
            if name in params and params[name]['schema'].get('type') == 'integer' and value.isdigit():
                value = int(value)  # a query string's digits are the integer an integer parameter reads
            if name not in params:
                out.append('%s %s: query parameter %r is not documented' % (method, template, name))
            elif not jsonschema.Draft202012Validator(_to_json_schema(params[name]['schema'], self.components)).is_valid(
                    value):
                out.append('%s %s: ?%s=%s does not fit its schema' % (method, template, name, value))
        media = op.get('requestBody', {}).get('content', {}).get('application/json')
        if media and isinstance(body, dict):
            key = (template, method.lower(), 'request')
            v = self._validators.get(key)
            if v is None:
                v = self._validators[key] = jsonschema.Draft202012Validator(
                    _to_json_schema(media['schema'], self.components))
            for e in sorted(v.iter_errors(body), key=lambda e: list(e.absolute_path))[:5]:
                out.append('%s %s request: at %s: %s' % (method, template, '/'.join(map(str, e.absolute_path)) or '.',
                                                        e.message[:300]))
        return out


_contract = None


def contract():
    global _contract
    if _contract is None:
        _contract = Contract()
    return _contract
