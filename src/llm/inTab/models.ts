import { createStore } from 'zustand/vanilla';
import type { Speed } from './speed';

/**
 * The models a visitor can run in the tab, and what the runtime is doing: shared by the page (the
 * picker, the fetch bridge in ./inTab) and the lazily loaded runtime (./runtime), which imports
 * nothing else of the page's.
 */

/** A model offered in the picker: its GGUF file and its download size (bytes, about, as its host lists it). */
interface CatalogueModel {
  label: string;
  url: string;
  bytes: number;
  note: string;
}

/**
 * Small instruct models in GGUF (Q4_K_M, or Q8_0 for the smallest), from their publishers' or
 * well-known quantizers' repositories. Sizes are the files' as listed there, rounded (not checked from
 * here: no weights can be fetched on our machines); before a download the picker asks the host for
 * the file's size (HEAD) and says that, or this figure when the host does not say.
 */
export const CATALOGUE: readonly CatalogueModel[] = [
  { label: 'SmolLM2 360M Instruct (Q8_0)', url: 'https://huggingface.co/HuggingFaceTB/SmolLM2-360M-Instruct-GGUF/resolve/main/smollm2-360m-instruct-q8_0.gguf', bytes: 386e6, note: 'the smallest; fast, often off the point' },
  { label: 'Qwen2.5 0.5B Instruct (Q4_K_M)', url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf', bytes: 491e6, note: 'small and quick; follows the JSON well' },
  { label: 'Llama 3.2 1B Instruct (Q4_K_M)', url: 'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf', bytes: 808e6, note: 'better sense, about half the speed' },
  { label: 'Qwen2.5 1.5B Instruct (Q4_K_M)', url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf', bytes: 1.12e9, note: 'the best of these; slow on a laptop CPU' },
];

/** "491 MB", "1.1 GB". */
export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} GB`;
  if (n >= 1e6) return `${Math.round(n / 1e6)} MB`;
  return `${Math.max(1, Math.round(n / 1e3))} KB`;
}

/** A short name for a GGUF URL: its catalogue label, or its file name. */
export function modelLabel(url: string): string {
  const known = CATALOGUE.find((m) => m.url === url);
  if (known) return known.label;
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? url;
  return decodeURIComponent(file);
}

/** What the runtime is doing, for the picker and the banner. */
export type InTabPhase =
  | { state: 'idle' }
  | { state: 'downloading'; url: string; loaded: number; total: number }
  | { state: 'loading'; url: string }
  | { state: 'measuring'; url: string }
  | { state: 'ready'; url: string; speed: Speed; threads: number }
  | { state: 'error'; url: string; message: string };

/** The runtime's phase, watched by the picker; written only by the runtime. */
export const inTabState = createStore<{ phase: InTabPhase }>(() => ({ phase: { state: 'idle' } }));

