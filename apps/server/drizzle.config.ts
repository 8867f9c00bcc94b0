import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every area keeps its tables in its own schema.ts.
  schema: './src/**/schema.ts',
  out: './drizzle',
});
