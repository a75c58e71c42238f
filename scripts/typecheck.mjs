// Type-checks every package with its own tsconfig (webpack and ts-jest only transpile).
import { execFileSync } from 'node:child_process';

const projects = [
  'shared-kernel', 'shared-kernel/tsconfig.contracts.json', 'shell', 'mf-management', 'mf-finance',
  'mf-association', 'mf-content', 'api', 'e2e',
];
let failed = false;
for (const project of projects) {
  const args = project.endsWith('.json') ? ['-b', project] : ['-p', project];
  try {
    execFileSync('npx', ['tsc', ...args], { stdio: 'inherit' });
  } catch {
    failed = true;
    console.error(`typecheck failed: ${project}`);
  }
}
process.exit(failed ? 1 : 0);
