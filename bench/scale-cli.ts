import { parseArgs } from 'node:util';
import { FAULTS, type Fault } from './scale/faults';
import { LONG_FORM, SHORT_FORM } from './scale/forms';
import { runScale, type ScaleOptions } from './scale/index';

/**
 * `npm run test:scale [-- flags]`: the scale suite's short form (CI), or with --long the long one
 * (as `npm run bench -- scale`). Prints one JSON document on stdout (progress on stderr). The
 * short form exits 1 when a correctness check fails: a lost, duplicated or over-limit write, a
 * keyed repeat answered otherwise, an error outside the fault windows.
 */
const { values } = parseArgs({
  options: {
    long: { type: 'boolean', default: false },
    users: { type: 'string' },
    duration: { type: 'string' },
    'think-ms': { type: 'string' },
    faults: { type: 'string' },
    instances: { type: 'string' },
    compare: { type: 'boolean' },
    down: { type: 'string' },
    settle: { type: 'string' },
    gap: { type: 'string' },
    'no-assert': { type: 'boolean', default: false },
  },
});

function number(name: string, value: string | undefined, fallback: number, min: number) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name}: a number from ${min}`);
  return n;
}

const base = values.long ? LONG_FORM : SHORT_FORM;
const faults = values.faults === undefined ? base.faults : values.faults === 'none' ? [] : values.faults.split(',');
const unknown = faults.filter((f) => !(FAULTS as readonly string[]).includes(f));
if (unknown.length) throw new Error(`--faults: ${unknown.join(', ')}; choose from ${FAULTS.join(', ')} or none`);
const options: ScaleOptions = {
  users: number('users', values.users, base.users, 1),
  durationS: number('duration', values.duration, base.durationS, 1),
  thinkMs: number('think-ms', values['think-ms'], base.thinkMs, 0),
  faults: faults as Fault[],
  instances: number('instances', values.instances, base.instances, 1),
  compare: values.compare ?? base.compare,
  downS: number('down', values.down, base.downS, 0),
  settleS: number('settle', values.settle, base.settleS, 0),
  gapS: number('gap', values.gap, base.gapS, 0),
};

const report = await runScale(options);
const failures = [
  ...report.checks.violations,
  ...Object.entries(report.phases).flatMap(([name, p]) => [
    ...(p.errorsOutsideFaultWindows > 0 ? [`${name}: ${p.errorsOutsideFaultWindows} error(s) outside the fault windows`] : []),
    ...(p.keyedWrites.repeatedAfterSuccess.otherAnswer > 0 ? [`${name}: ${p.keyedWrites.repeatedAfterSuccess.otherAnswer} keyed repeat(s) answered otherwise than the first`] : []),
  ]),
];
console.log(JSON.stringify({ date: new Date().toISOString(), form: values.long ? 'long' : 'short', ...report, failures }, null, 2));
if (failures.length > 0 && !values['no-assert'] && !values.long) {
  console.error(`scale: FAILED\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
