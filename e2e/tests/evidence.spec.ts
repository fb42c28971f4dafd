import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { expect, test, type Page } from './fixtures';
import { APP, signIn } from './login-page';

// A reviewer downloads an instruction's 证据包 from 指令查询 and checks it with the repository's
// OpenSSL script; the enterprise administrator issues a 询证函, an auditor opens its link in a
// fresh browser context without a login, and once revoked the link answers a Chinese refusal.

test.use({ viewport: { width: 1440, height: 900 } });

const QUERY = '/instructionManagement/instructionQuery/index';
const CONFIRMATIONS = '/valuation/auditConfirmation/index';
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/verify-evidence.sh');

const view = (page: Page, p: string) => page.locator(`[data-view="${p}"]`);
const run = promisify(execFile);

/** Unpacks a zip into a new directory and runs scripts/verify-evidence.sh on it. */
async function verify(zipBytes: Buffer) {
  const zip = await JSZip.loadAsync(zipBytes);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'e2e-evidence-'));
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    await mkdir(path.dirname(path.join(dir, entry.name)), { recursive: true });
    await writeFile(path.join(dir, entry.name), await entry.async('nodebuffer'));
  }
  const { stdout } = await run('sh', [SCRIPT, dir]);
  return { stdout, manifest: JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown> };
}

test('指令查询 downloads an instruction’s 证据包 that the OpenSSL script verifies', async ({ page }) => {
  await signIn(page, 'checker', 'Demo1234');
  await page.goto(`${APP}${QUERY}`);
  const list = view(page, QUERY).getByRole('region', { name: '指令列表' });
  const row = list.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toBeVisible();
  const instructionNo = (await row.getByText(/^ZL\d{16}$/).first().innerText()).trim();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '证据包' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`证据包_${instructionNo}.zip`);
  const { stdout, manifest } = await verify(await readFile(await download.path()));
  expect(stdout).toBe('OK\n');
  expect(manifest).toMatchObject({ kind: 'instruction-evidence', instruction: { instructionNo } });
  // The rule version it was submitted under, or the fixed chain.
  const { approvalRule, instruction } = manifest as { approvalRule: { ruleVersion: number | null }; instruction: { approvalRuleVersion: number | null } };
  expect(approvalRule.ruleVersion).toBe(instruction.approvalRuleVersion);
  // The detail drawer offers the same pack.
  await row.getByRole('button', { name: '详情' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: instructionNo });
  await expect(drawer.getByRole('button', { name: '证据包' })).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/instruction-evidence.png' });
});

test('an administrator issues a 询证函; an auditor opens the link without a login until it is revoked', async ({ page, browser }) => {
  await signIn(page, 'qyadmin', 'Demo1234');
  await page.goto(`${APP}${CONFIRMATIONS}`);
  const panel = view(page, CONFIRMATIONS);
  await expect(panel.getByRole('region', { name: '询证函列表' }).getByText('已撤销').first()).toBeVisible();
  await panel.getByRole('button', { name: '出具询证函' }).click();
  const dialog = page.getByRole('dialog', { name: '出具询证函' });
  await dialog.getByLabel('账户').click();
  await page.locator('.ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('审计师姓名').fill('赵文博');
  await dialog.getByLabel('会计师事务所').fill('德勤华永会计师事务所');
  await page.screenshot({ path: '../docs/screenshots/audit-confirmation-issue.png' });
  await dialog.getByRole('button', { name: /出\s*具/ }).click();
  const shown = dialog.getByLabel('询证函链接');
  await expect(shown).toBeVisible();
  const link = (await shown.innerText()).trim();
  expect(link).toMatch(/\/pmobile\/auditConfirmation\/open\?token=[0-9a-f]{64}$/);
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  const row = panel.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '赵文博' });
  await expect(row.getByText('有效')).toBeVisible();
  await page.screenshot({ path: '../docs/screenshots/audit-confirmation.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '../docs/screenshots/audit-confirmation-mobile.png' });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The auditor: another browser context, no session, no envelope.
  const auditor = await browser.newContext();
  const opened = await auditor.request.get(link);
  expect(opened.status()).toBe(200);
  const { stdout, manifest } = await verify(await opened.body());
  expect(stdout).toBe('OK\n');
  expect(manifest).toMatchObject({ kind: 'audit-confirmation', auditor: { name: '赵文博', firm: '德勤华永会计师事务所' } });

  await row.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row.getByText('已撤销')).toBeVisible();
  const auditorPage = await auditor.newPage();
  const refused = await auditorPage.goto(link);
  expect(refused!.status()).toBe(410);
  await expect(auditorPage.getByText('已被出具单位撤销')).toBeVisible();
  await auditor.close();
});
