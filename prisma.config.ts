// Prisma 7 CLI configuration. The CLI is used offline for `generate` only; migrations are
// plain SQL applied by bff/src/db/migrate.ts (see docs/decisions/0003-embedded-database-and-offline-migrations.md).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: {
    path: 'prisma/migrations',
    seed: 'tsx prisma/seed/run.ts',
  },
  datasource: {
    url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused',
  },
});
