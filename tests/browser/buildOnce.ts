// One production build for every browser test file (vitest globalSetup of the browser project).
// It builds as a developer with a key in the environment would: the key must not reach the bundle,
// and town.test.ts checks that every file of this one build is free of the canary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { chunkGraph } from '../../scripts/bundleSize';

export const BUNDLE_KEY_CANARY = 'sk-bundle-canary-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    hamletDist: string;
  }
}

export default async function buildOnce(project: TestProject): Promise<() => void> {
  const outDir = await buildApp();
  project.provide('hamletDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

/** A production build of the app in a new temp folder, made with a canary key in the environment. */
export async function buildApp(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'hamlet-dist-'));
  const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
  process.env.OPENAI_API_KEY = BUNDLE_KEY_CANARY;
  process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
  try {
    // With its chunk graph beside it: bundle.test.ts weighs what the first load holds.
    const root = resolve(import.meta.dirname, '../..');
    await build({ root, logLevel: 'error', plugins: [chunkGraph(root)], build: { outDir, emptyOutDir: true } });
  } finally {
    restore('OPENAI_API_KEY', saved.key);
    restore('OPENAI_BASE_URL', saved.url);
  }
  return outDir;
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
