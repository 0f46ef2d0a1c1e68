#!/usr/bin/env python3
# deploy.k8s: what of deploy/k8s/ this machine can check without a cluster.
# - Every manifest parses (python3-yaml) and its key fields match a JSON schema (python3-jsonschema):
#   kinds and API versions, probes on /v1/health, the drain's timing, resources, selectors.
# - The pieces agree: Service, PodDisruptionBudget and HPA name the Deployment's pods; probes use
#   the container's port, which the ConfigMap's arbiterd.conf listens on; the readiness probe
#   notices a drain before drain-grace ends; terminationGracePeriodSeconds covers
#   drain-grace + drain-timeout; liveness does not kill a draining pod.
# - The ConfigMap's arbiterd.conf starts the real arbiterd.
# - The lessons path: lessons_configmap.py on the bundled lessons, laid out as the kubelet mounts
#   a ConfigMap, copied by the ConfigMap's reload.sh exactly as the pod runs it (--once, then the
#   sidecar loop), served by a real arbiterd, then the ConfigMap changed: the loop copies and
#   sends SIGHUP, and arbiterd serves the new set.
# Not run here: kubectl, a kubelet, the HPA and PDB controllers, the container image.
# - The quiz Job's command, run here for three completion indices with the built CLI: the shards
#   concatenate to the single-machine output. The annotate Job's command, run for each of its
#   completion indices over a games file: the documented merge of the shards is byte for byte the
#   single-machine output, every game once.
# Usage: test_k8s.py ARBITERD ARBITER_CLI K8S_DIR LESSONS_DIR lua|nolua
import glob
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

try:
    import jsonschema
    import yaml
except ImportError as missing:
    # Debian's python3-yaml and python3-jsonschema (.ci/run) belong to /usr/bin/python3, which
    # may not be the python3 first in PATH.
    if os.path.exists('/usr/bin/python3') and os.path.realpath(sys.executable) != os.path.realpath('/usr/bin/python3'):
        os.execv('/usr/bin/python3', ['/usr/bin/python3'] + sys.argv)
    sys.exit('deploy.k8s needs python3-yaml and python3-jsonschema: %s' % missing)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'daemon'))
from daemon_util import Daemon, begin, check, check_eq, finish  # noqa: E402

BIN, CLI, K8S, LESSONS, LUA = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] == 'lua'


def bundled(sub):
    """The Lua scripts of one directory of the bundled lessons (what the daemon must serve)."""
    return len([f for f in os.listdir(os.path.join(LESSONS, sub)) if f.endswith('.lua')])


def obj(props, required=None):
    return {'type': 'object', 'properties': props, 'required': required or list(props)}


NAME = {'type': 'string', 'pattern': '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$'}
LABELS = {'type': 'object', 'additionalProperties': {'type': 'string'}, 'minProperties': 1}
META = obj({'name': NAME, 'labels': LABELS})
QUANTITY = {'type': ['string', 'integer'], 'pattern': r'^[0-9.]+(m|Ki|Mi|Gi)?$'}
PROBE = obj({'httpGet': obj({'path': {'const': '/v1/health'}, 'port': {'type': ['string', 'integer']}}),
             'periodSeconds': {'type': 'integer', 'minimum': 1},
             'failureThreshold': {'type': 'integer', 'minimum': 1},
             'timeoutSeconds': {'type': 'integer', 'minimum': 1}})
MOUNT = obj({'name': NAME, 'mountPath': {'type': 'string', 'pattern': '^/'}}, ['name', 'mountPath'])
CONTAINER = obj({'name': NAME, 'image': {'type': 'string', 'minLength': 1},
                 'resources': obj({'requests': obj({'cpu': QUANTITY, 'memory': QUANTITY}),
                                   'limits': obj({'memory': QUANTITY}, ['memory'])}),
                 'volumeMounts': {'type': 'array', 'items': MOUNT},
                 'securityContext': obj({'allowPrivilegeEscalation': {'const': False},
                                         'readOnlyRootFilesystem': {'const': True}})},
                ['name', 'image', 'resources', 'securityContext'])
SCHEMAS = {
    'ConfigMap': obj({'apiVersion': {'const': 'v1'}, 'metadata': META,
                      'data': {'type': 'object', 'propertyNames': {'pattern': r'^[-._a-zA-Z0-9]+$'},
                               'additionalProperties': {'type': 'string'}}}),
    'Deployment': obj({'apiVersion': {'const': 'apps/v1'}, 'metadata': META, 'spec': obj({
        'replicas': {'type': 'integer', 'minimum': 2},
        'selector': obj({'matchLabels': LABELS}),
        'strategy': obj({'type': {'const': 'RollingUpdate'},
                         'rollingUpdate': obj({'maxUnavailable': {'const': 0}, 'maxSurge': {'type': 'integer'}})}),
        'template': obj({'metadata': obj({'labels': LABELS}), 'spec': obj({
            'terminationGracePeriodSeconds': {'type': 'integer', 'minimum': 1},
            'securityContext': obj({'runAsNonRoot': {'const': True}}, ['runAsNonRoot']),
            'containers': {'type': 'array', 'minItems': 1, 'items': CONTAINER,
                           'contains': obj({'name': {'const': 'arbiterd'}, 'readinessProbe': PROBE,
                                            'livenessProbe': PROBE,
                                            'ports': {'type': 'array', 'minItems': 1, 'items': obj(
                                                {'name': NAME, 'containerPort': {'type': 'integer'}})}})},
            'initContainers': {'type': 'array', 'items': CONTAINER},
            'volumes': {'type': 'array', 'items': obj({'name': NAME}, ['name'])}},
            ['terminationGracePeriodSeconds', 'securityContext', 'containers', 'volumes'])})})}),
    'Service': obj({'apiVersion': {'const': 'v1'}, 'metadata': META, 'spec': obj({
        'selector': LABELS,
        'ports': {'type': 'array', 'minItems': 1, 'items': obj({'port': {'type': 'integer'},
                                                                'targetPort': {'type': ['string', 'integer']}})}},
        ['selector', 'ports'])}),
    'PodDisruptionBudget': obj({'apiVersion': {'const': 'policy/v1'}, 'metadata': META, 'spec': {
        'type': 'object', 'required': ['selector'],
        'properties': {'selector': obj({'matchLabels': LABELS}), 'maxUnavailable': {'type': 'integer', 'minimum': 1}},
        'oneOf': [{'required': ['maxUnavailable']}, {'required': ['minAvailable']}]}}),
    'HorizontalPodAutoscaler': obj({'apiVersion': {'const': 'autoscaling/v2'}, 'metadata': META, 'spec': obj({
        'scaleTargetRef': obj({'apiVersion': {'const': 'apps/v1'}, 'kind': {'const': 'Deployment'}, 'name': NAME}),
        'minReplicas': {'type': 'integer', 'minimum': 2}, 'maxReplicas': {'type': 'integer'},
        'metrics': {'type': 'array', 'minItems': 1, 'items': obj({'type': {'enum': ['Resource']}, 'resource': obj({
            'name': {'enum': ['cpu', 'memory']},
            'target': obj({'type': {'const': 'Utilization'},
                           'averageUtilization': {'type': 'integer', 'minimum': 1, 'maximum': 100}})})})}},
        ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'metrics'])}),
    'Job': obj({'apiVersion': {'const': 'batch/v1'}, 'metadata': META, 'spec': obj({
        'completionMode': {'const': 'Indexed'}, 'completions': {'type': 'integer', 'minimum': 1},
        'parallelism': {'type': 'integer', 'minimum': 1},
        'template': obj({'spec': obj({'restartPolicy': {'enum': ['Never', 'OnFailure']},
                                      'containers': {'type': 'array', 'minItems': 1, 'items': CONTAINER}},
                                     ['restartPolicy', 'containers'])}, ['spec'])},
        ['completionMode', 'completions', 'template'])}),
}


def conf_settings(text):
    out = {}
    for line in text.splitlines():
        line = line.split('#', 1)[0].strip()
        if '=' in line:
            k, v = line.split('=', 1)
            out[k.strip()] = v.strip()
    return out


def kubelet_mount(data, mount):
    """A ConfigMap volume as the kubelet lays it out: ..<ts>/ holds the files, ..data links to it,
    each key is a link through ..data. Called again, it swaps ..data atomically."""
    os.makedirs(mount, exist_ok=True)
    ts = os.path.join(mount, '..%d' % time.monotonic_ns())
    os.mkdir(ts)
    for k, v in data.items():
        with open(os.path.join(ts, k), 'w', encoding='utf-8') as f:
            f.write(v)
    tmp_link = os.path.join(mount, '..data_tmp')
    os.symlink(os.path.basename(ts), tmp_link)
    old = os.path.realpath(os.path.join(mount, '..data')) if os.path.islink(os.path.join(mount, '..data')) else None
    os.replace(tmp_link, os.path.join(mount, '..data'))
    for name in os.listdir(mount):
        if not name.startswith('..') and name not in data:
            os.unlink(os.path.join(mount, name))
    for k in data:
        if not os.path.islink(os.path.join(mount, k)):
            os.symlink(os.path.join('..data', k), os.path.join(mount, k))
    if old:
        shutil.rmtree(old)


docs = {}
for path in sorted(glob.glob(os.path.join(K8S, '*.yaml'))):
    for d in yaml.safe_load_all(open(path, encoding='utf-8')):
        docs.setdefault(d['kind'], []).append((os.path.basename(path), d))
gen = subprocess.run([sys.executable, os.path.join(K8S, 'lessons_configmap.py'), LESSONS],
                     capture_output=True, text=True)
check_eq(gen.returncode, 0, 'lessons_configmap.py: %s' % gen.stderr)
lessons_cm = yaml.safe_load(gen.stdout)
docs.setdefault('ConfigMap', []).append(('lessons_configmap.py', lessons_cm))

begin('k8s.schema')
for kind in SCHEMAS:
    check(kind in docs, 'a %s manifest' % kind)
for kind, items in docs.items():
    for where, d in items:
        errors = sorted(jsonschema.Draft7Validator(SCHEMAS[kind]).iter_errors(d), key=str) if kind in SCHEMAS else ['unknown kind']
        check_eq([('/'.join(map(str, e.path)), e.message) if hasattr(e, 'path') else e for e in errors][:5], [],
                 '%s (%s) against the schema' % (where, kind))

begin('k8s.consistency')
dep = docs['Deployment'][0][1]
pod = dep['spec']['template']
labels = pod['metadata']['labels']
check_eq(dep['spec']['selector']['matchLabels'], labels, 'the Deployment selects its own pods')
for kind in ('Service', 'PodDisruptionBudget'):
    spec = docs[kind][0][1]['spec']
    sel = spec['selector'].get('matchLabels', spec['selector'])
    check(all(labels.get(k) == v for k, v in sel.items()), '%s selects the pods: %r' % (kind, sel))
hpa = docs['HorizontalPodAutoscaler'][0][1]['spec']
check_eq(hpa['scaleTargetRef']['name'], dep['metadata']['name'], 'the HPA scales the Deployment')
check(hpa['minReplicas'] > docs['PodDisruptionBudget'][0][1]['spec']['maxUnavailable'],
      'a disruption never leaves the HPA minimum without a pod')
arb = [c for c in pod['spec']['containers'] if c['name'] == 'arbiterd'][0]
port = arb['ports'][0]
for probe in ('readinessProbe', 'livenessProbe'):
    check(arb[probe]['httpGet']['port'] in (port['name'], port['containerPort']), '%s on the container port' % probe)
check(any(p['targetPort'] in (port['name'], port['containerPort']) for p in docs['Service'][0][1]['spec']['ports']),
      'the Service targets the container port')
config = [d for _, d in docs['ConfigMap'] if d['metadata']['name'] == 'arbiterd-config'][0]
settings = conf_settings(config['data']['arbiterd.conf'])
check_eq(settings.get('listen'), '0.0.0.0:%d' % port['containerPort'], 'arbiterd listens on the container port')
grace, timeout = int(settings['drain-grace']), int(settings['drain-timeout'])
ready = arb['readinessProbe']
check(ready['periodSeconds'] * ready['failureThreshold'] + 2 <= grace,
      'readiness fails (%d s) well before drain-grace ends (%d s)' % (ready['periodSeconds'] * ready['failureThreshold'], grace))
check(pod['spec']['terminationGracePeriodSeconds'] >= grace + timeout + 1,
      'terminationGracePeriodSeconds covers drain-grace + drain-timeout')
live = arb['livenessProbe']
check(live['periodSeconds'] * live['failureThreshold'] > pod['spec']['terminationGracePeriodSeconds'],
      'liveness cannot restart a draining pod')
volumes = {v['name']: v for v in pod['spec']['volumes']}
for c in pod['spec']['containers'] + pod['spec'].get('initContainers', []):
    for m in c.get('volumeMounts', []):
        check(m['name'] in volumes, '%s mounts a declared volume %s' % (c['name'], m['name']))
        if volumes.get(m['name'], {}).get('configMap', {}).get('name') == 'arbiter-lessons':
            check('subPath' not in m, 'the lessons ConfigMap is not a subPath (those never update)')
check_eq(settings.get('lessons'), [m for m in arb['volumeMounts'] if m['name'] == 'lessons'][0]['mountPath'] + '/current',
         'arbiterd reads the directory the reloader fills')
check_eq(lessons_cm['metadata']['name'], volumes['lessons-src']['configMap']['name'], 'the lessons ConfigMap name')
cm_bytes = sum(len(v.encode()) for v in lessons_cm['data'].values())
check(cm_bytes < 1024 * 1024, 'the lessons fit a ConfigMap: %d bytes' % cm_bytes)

tmp = tempfile.TemporaryDirectory()
jobs = {d[1]['metadata']['name']: d[1] for d in docs['Job']}
begin('k8s.quiz_job')
job = jobs['arbiter-quiz-bulk']
gen_c = job['spec']['template']['spec']['containers'][0]
job_env = {e['name']: e['value'] for e in gen_c['env']}
check_eq(job['spec']['template']['spec']['volumes'][0]['name'], gen_c['volumeMounts'][0]['name'], 'the Job mounts its volume')
if LUA:
    out = os.path.join(tmp.name, 'out')
    os.mkdir(out)
    command = [a.replace('/out/', out + '/') for a in gen_c['command']]
    per_pod, pods = 40, 3
    for k in range(pods):  # as the Job controller runs the pods: JOB_COMPLETION_INDEX = k
        r = subprocess.run(command, env=dict(os.environ, JOB_COMPLETION_INDEX=str(k), PER_POD=str(per_pod),
                                             GENERATOR=job_env['GENERATOR'], SEED=job_env['SEED'],
                                             PATH=os.path.dirname(os.path.abspath(CLI)) + ':' + os.environ['PATH'],
                                             ARBITER_QUIZ_DIR=os.path.join(LESSONS, 'quizzes')),
                           capture_output=True, timeout=120)
        check_eq(r.returncode, 0, 'Job pod %d: %s' % (k, r.stderr[-300:]))
    joined = b''.join(open(p, 'rb').read() for p in sorted(glob.glob(os.path.join(out, 'shard-*.jsonl'))))
    single = subprocess.run([CLI, 'quiz', 'generate', '--generator', job_env['GENERATOR'], '--seed', job_env['SEED'],
                             '--index', '0', '--indices', str(per_pod * pods)], capture_output=True, timeout=120,
                            env=dict(os.environ, ARBITER_QUIZ_DIR=os.path.join(LESSONS, 'quizzes')))
    check(single.returncode == 0 and len(single.stdout.splitlines()) >= per_pod * pods * 9 // 10, 'single run')
    check(joined == single.stdout, 'the Job\'s shards concatenate to the single-machine output')
    check_eq(glob.glob(os.path.join(out, '*.part')), [], 'no partial shard left')

begin('k8s.annotate_job')
job = jobs['arbiter-annotate-bulk']
ann_c = job['spec']['template']['spec']['containers'][0]
ann_env = {e['name']: e['value'] for e in ann_c['env']}
check_eq(int(ann_env['SHARDS']), job['spec']['completions'], 'one pod per byte range: completions = SHARDS')
mounts = {m['name']: m for m in ann_c['volumeMounts']}
vols = {v['name']: v for v in job['spec']['template']['spec']['volumes']}
check(set(mounts) == set(vols) and mounts['games'].get('readOnly') is True, 'the games volume is mounted read-only')
check(ann_env['GAMES'].startswith(mounts['games']['mountPath'] + '/'), 'GAMES lies on the games volume')
data_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'data', 'pgn')
games = os.path.join(tmp.name, 'games.pgn')
with open(games, 'w', encoding='utf-8') as f:
    for _ in range(20):
        for name in ('classics.pgn', 'annotate-events.pgn', 'constructed.pgn'):
            f.write(open(os.path.join(data_dir, name), encoding='utf-8').read() + '\n')
aout = os.path.join(tmp.name, 'annotate-out')
os.mkdir(aout)
command = [a.replace('/out/', aout + '/') for a in ann_c['command']]
shards = 5  # the Job's SHARDS, smaller here: every index of them
for k in range(shards):
    r = subprocess.run(command, env=dict(os.environ, JOB_COMPLETION_INDEX=str(k), SHARDS=str(shards), GAMES=games,
                                         JOBS=ann_env['JOBS'],
                                         PATH=os.path.dirname(os.path.abspath(CLI)) + ':' + os.environ['PATH']),
                       capture_output=True, timeout=120)
    check_eq(r.returncode, 0, 'annotate Job pod %d: %s' % (k, r.stderr[-300:]))
parts = sorted(glob.glob(os.path.join(aout, 'shard-*.jsonl')))
check_eq(len(parts), shards, 'one shard per pod')
merged = subprocess.run([CLI, 'annotate', '--merge'] + parts, capture_output=True, timeout=120).stdout
single = subprocess.run([CLI, 'annotate', '--json', '--shard', '1/1', games], capture_output=True, timeout=120).stdout
whole = subprocess.run([CLI, 'annotate', '--json', games], capture_output=True, timeout=120).stdout
check(len(single.splitlines()) == len(whole.splitlines()) >= 20 * 30, 'every game once: %d' % len(single.splitlines()))
check(merged == single, 'the documented merge of the Job\'s shards is the single-machine output')
check_eq(glob.glob(os.path.join(aout, '*.part')), [], 'no partial shard left')

begin('k8s.config_starts_arbiterd')
conf_path = os.path.join(tmp.name, 'arbiterd.conf')
with open(conf_path, 'w') as f:
    f.write(config['data']['arbiterd.conf'])
p = subprocess.run([BIN, '--config', conf_path, '--help'], capture_output=True, text=True, timeout=30)
check_eq((p.returncode, p.stderr), (0, ''), 'arbiterd reads the ConfigMap settings without a complaint')

begin('k8s.lessons_reload')
BUNDLED_LESSONS = len([f for f in os.listdir(LESSONS) if f.endswith('.lua')])
src, dest = os.path.join(tmp.name, 'src'), os.path.join(tmp.name, 'dest')
os.mkdir(dest)
kubelet_mount(lessons_cm['data'], src)
script = os.path.join(tmp.name, 'reload.sh')
with open(script, 'w') as f:
    f.write(config['data']['reload.sh'])
env = dict(os.environ, SRC=src, DEST=dest, PERIOD='0.2')
r = subprocess.run(['sh', script, '--once'], env=env, capture_output=True, text=True, timeout=30)
check_eq((r.returncode, r.stderr), (0, ''), 'reload.sh --once (the init container)')
current = os.path.join(dest, 'current')
wanted = {k: v for k, v in lessons_cm['data'].items()}
laid = {}
for root, _, files in os.walk(os.path.realpath(current)):
    for name in files:
        rel = os.path.relpath(os.path.join(root, name), os.path.realpath(current))
        laid[rel.replace('quizzes/', 'quizzes__').replace('puzzles/', 'puzzles__')] = open(os.path.join(root, name)).read()
check_eq(sorted(laid), sorted(wanted), 'every ConfigMap key became its file')
check(laid == wanted, 'the files are byte-identical to the lessons directory')
for key in wanted:
    path = os.path.join(LESSONS, key.replace('quizzes__', 'quizzes/').replace('puzzles__', 'puzzles/'))
    check(open(path).read() == laid[key], '%s round-trips' % key)

d = Daemon(BIN, {'lessons': current, 'threads': 2})
loop = None
try:
    st, _, h = d.get('/v1/health')
    if LUA:
        check_eq((h['lessons'], h['quizzes'], h['lessons_generation']), (bundled('.'), bundled('quizzes'), 1),
                 'the ConfigMap lessons are served')
    check(h['puzzles'] > 0, 'puzzles served: %r' % h)
    loop = subprocess.Popen(['sh', script], env=dict(env, ARBITERD_PID=str(d.proc.pid)),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    # The change must come after the loop's first look, or it is the loop's starting point and
    # nothing is reloaded: wait for the loop to say it is watching (a loaded machine may take
    # seconds to start a shell).
    end = time.monotonic() + 30
    first = ''
    while 'watching' not in first and time.monotonic() < end:
        if select.select([loop.stdout], [], [], max(0.0, end - time.monotonic()))[0]:
            first = loop.stdout.readline() or first
    check('watching ' + src in first, 'the loop has taken its first look: %r' % first)
    changed = dict(lessons_cm['data'])
    removed = sorted(k for k in changed if k.endswith('.lua') and '__' not in k)[0]
    del changed[removed]
    kubelet_mount(changed, src)  # `kubectl apply` of the edited ConfigMap, as the kubelet shows it
    end = time.monotonic() + 20
    while time.monotonic() < end and d.get('/v1/health')[2]['lessons_generation'] < 2:
        time.sleep(0.1)
    st, _, h = d.get('/v1/health')
    check_eq(h['lessons_generation'], 2, 'the change was reloaded (SIGHUP from the sidecar loop)')
    if LUA:
        check_eq(h['lessons'], BUNDLED_LESSONS - 1, 'the removed lesson is gone')
    check_eq(len(glob.glob(os.path.join(dest, 'gen-*'))), 1, 'older copies are removed')
finally:
    if loop:
        loop.send_signal(signal.SIGTERM)
        out = loop.communicate(timeout=10)[0]
        check('reloaded arbiterd (%d)' % d.proc.pid in out, 'the loop says what it did: %r' % out)
    check_eq(d.stop(), 0, 'arbiterd exit status')
finish()
