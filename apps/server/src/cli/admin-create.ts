import { loadConfig } from '../config';
import { StaffAdminError, createStaffAdministrator, staffUsernameProblem } from '../modules/auth/staff-admin';
import { newPasswordProblem } from '@portal/shared';
import { openStores } from '../stores';

/**
 * `npm run admin:create -w @portal/server`: creates a bank-staff administrator on the configured
 * database, in any environment. Username and password are asked on the terminal (the password
 * twice, not echoed); they are never taken from arguments, the environment or a file.
 */

function ask(question: string, { secret = false } = {}): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    process.stdout.write(question);
    let answer = '';
    const wasRaw = input.isRaw;
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (err?: Error) => {
      input.setRawMode(wasRaw);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (err) reject(err);
      else resolve(answer);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003' || ch === '\u0004') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') {
          if (answer.length > 0) {
            answer = answer.slice(0, -1);
            if (!secret) process.stdout.write('\b \b');
          }
          continue;
        }
        if (ch < ' ') continue;
        answer += ch;
        if (!secret) process.stdout.write(ch);
      }
    };
    input.on('data', onData);
  });
}

/** Asks until the answer has no problem. */
async function askUntil(question: string, secret: boolean, problemOf: (answer: string) => string | null): Promise<string> {
  for (;;) {
    const answer = await ask(question, { secret });
    const problem = problemOf(answer);
    if (!problem) return secret ? answer : answer.trim();
    console.error(problem);
  }
}

async function main() {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    console.error('admin:create must be run on a terminal: it asks for the username and password interactively.');
    process.exit(2);
  }
  const config = loadConfig();
  const username = await askUntil('Username of the new staff administrator: ', false, (answer) => staffUsernameProblem(answer.trim()));
  let password: string;
  for (;;) {
    password = await askUntil('Password (not shown): ', true, newPasswordProblem);
    if ((await ask('Password again: ', { secret: true })) === password) break;
    console.error('The two passwords differ; try again.');
  }

  const stores = await openStores(config);
  try {
    const created = await createStaffAdministrator(stores.database, { username, password });
    console.log(
      `Created staff administrator ${username} (${stores.database.kind}): user number ${created.userNo} in enterprise ${created.enterpriseNo}, role ${created.roleCode}.`,
    );
  } finally {
    await stores.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof StaffAdminError ? err.message : `admin:create failed: ${(err as Error).message}`);
  process.exit(1);
});
