import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates migrations from the schema files; it never touches a database here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
