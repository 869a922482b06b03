// Types of test-prerequisites.mjs (plain JavaScript: scripts/test.mjs runs on node before anything is built).
export type Probe = {
  chromiumPath: string;
  chromium: boolean;
  nginx: boolean;
  postgresPrograms: boolean;
  redisServer: boolean;
  redisUrl: string;
  redisProblem: string | null;
  databaseUrl: string | null;
  databaseProblem: string | null;
  xmllint: boolean;
};
export const DEFAULT_REDIS_URL: string;
export const INSTALL_ALL: string;
export const DEFAULT_CHROMIUM_PATH: string;
export function withoutPassword(url: string): string;
export function missingPrerequisites(probe: Probe): string[];
export function prerequisitesMessage(missing: string[]): string;
export function probeMachine(env?: NodeJS.ProcessEnv): Promise<Probe>;
