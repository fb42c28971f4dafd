import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// db/schema.ts is written by hand beside migrations/*.sql: this test reads its `DB` interface
// with the TypeScript parser and compares it with what the migrations build, so a column added,
// renamed or made nullable on one side only fails here rather than at run time.

interface Column {
  nullable: boolean;
  /** Kysely `Generated<…>`: the database fills it, so it must have a default or be an identity. */
  generated: boolean;
  /** A computed column (generated always as …): PostgreSQL reports it nullable whatever its inputs. */
  computed?: boolean;
}

/** Table → column → what schema.ts says of it. */
function declaredSchema(): Map<string, Map<string, Column>> {
  const file = path.resolve(import.meta.dirname, '../../src/db/schema.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, string>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type.getText());
  });
  /** An interface's own properties and those of the interfaces it extends. */
  const properties = (node: ts.InterfaceDeclaration): ts.PropertySignature[] => [
    ...(node.heritageClauses ?? []).flatMap((clause) => clause.types.flatMap((t) => properties(interfaces.get(t.expression.getText())!))),
    ...node.members.filter(ts.isPropertySignature),
  ];
  const tables = new Map<string, Map<string, Column>>();
  for (const member of interfaces.get('DB')!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) throw new Error(`DB member ${member.getText()} is not a table interface`);
    const table = interfaces.get(member.type.typeName.getText());
    if (!table) throw new Error(`DB.${member.name.getText()}: no interface ${member.type.typeName.getText()}`);
    const columns = new Map<string, Column>();
    for (const column of properties(table)) {
      if (!column.type) continue;
      const text = aliases.get(column.type.getText()) ?? column.type.getText();
      columns.set(column.name.getText(), { nullable: /\|\s*null\b/.test(text), generated: text.startsWith('Generated<') });
    }
    tables.set(member.name.getText(), columns);
  }
  return tables;
}

describe('db/schema.ts and the migrated database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { fresh: true });
  });
  afterAll(() => app?.close());

  it('name the same tables and columns, with the same nullability and defaults', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string; column_default: string | null; is_identity: string; is_generated: string }>`
      select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(app.stores.database.db);
    const actual = new Map<string, Map<string, Column>>();
    for (const row of rows) {
      const columns = actual.get(row.table_name) ?? new Map<string, Column>();
      columns.set(row.column_name, {
        nullable: row.is_nullable === 'YES',
        computed: row.is_generated === 'ALWAYS',
        generated: row.column_default !== null || row.is_identity === 'YES' || row.is_generated === 'ALWAYS',
      });
      actual.set(row.table_name, columns);
    }
    const declared = declaredSchema();

    expect([...declared.keys()].sort()).toEqual([...actual.keys()].sort());
    const problems: string[] = [];
    for (const [table, columns] of declared) {
      const migrated = actual.get(table)!;
      for (const name of new Set([...columns.keys(), ...migrated.keys()])) {
        const [mine, theirs] = [columns.get(name), migrated.get(name)];
        if (!mine || !theirs) problems.push(`${table}.${name}: only in ${mine ? 'schema.ts' : 'the migrations'}`);
        else if (mine.nullable !== theirs.nullable && !theirs.computed) problems.push(`${table}.${name}: ${mine.nullable ? 'nullable' : 'not null'} in schema.ts`);
        // A Generated column the database cannot leave null must have a default; a defaulted
        // column may still be required on insert in TypeScript (the code always gives it).
        else if (mine.generated && !mine.nullable && !theirs.generated) problems.push(`${table}.${name}: Generated without a default`);
      }
    }
    expect(problems).toEqual([]);
  });
});
