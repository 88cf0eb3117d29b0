import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Database } from './client';

/** The role the app serves requests as on the embedded server: no superuser, no DDL. */
export const APP_ROLE = 'ticklist_app';

/** The app role's password, made on first use and kept beside the owner's in the data directory. */
export function appRolePassword(dataDir: string): string {
  const file = path.join(dataDir, 'app-role-password');
  if (!existsSync(file)) writeFileSync(file, randomBytes(18).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * Least privilege: on the embedded server the migrations run as the owner (`postgres`), and the
 * app connects as APP_ROLE, which may read and write rows and nothing more: it cannot create,
 * alter or drop anything, read files, or run programs. Run after each start's migrations, so
 * tables a migration added are granted too.
 */
export async function grantAppRole(owner: Database, password: string): Promise<void> {
  const client = await owner.$client.connect();
  try {
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    if (exists.rowCount === 0) await client.query(`create role ${APP_ROLE} login`);
    await client.query(
      `alter role ${APP_ROLE} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls ` +
        `password ${pg.escapeLiteral(password)}`,
    );
    const database = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    await client.query(`grant connect on database "${database.replaceAll('"', '""')}" to ${APP_ROLE}`);
    await client.query(`grant usage on schema public to ${APP_ROLE}`);
    await client.query(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`);
    await client.query(`grant usage, select, update on all sequences in schema public to ${APP_ROLE}`);
  } finally {
    client.release();
  }
}

/** `url` with the app role's name and password in place of the owner's. */
export function appRoleUrl(ownerUrl: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}
